import Foundation
import Hummingbird
import NIOCore

/// Rewrites an answer's body for ``Fault/rewriteBody(pattern:replacement:)``.
enum BodyRewriting {
    /// `response` with every match of `pattern` in its body replaced by `replacement`; the
    /// response unchanged if `pattern` is not a valid regular expression.
    static func rewrite(_ response: Response, pattern: String, replacement: String) async throws -> Response {
        guard let regex = try? Regex(pattern) else { return response }
        var response = response
        let collector = BodyCollector()
        try await response.body.write(collector)
        let text = String(decoding: collector.bytes.readableBytesView, as: UTF8.self)
        let rewritten = Data(text.replacing(regex, with: replacement).utf8)
        var headers = response.headers
        headers[.contentLength] = String(rewritten.count)
        response.headers = headers
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: rewritten))
        return response
    }
}

/// A response body writer that keeps what is written, so a body can be read back.
private final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    // Only used by one task, sequentially, inside ``BodyRewriting/rewrite(_:pattern:replacement:)``.
    var bytes = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        bytes.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
