import Hummingbird
import NIOCore

/// The answer of ``Fault/hugeBody(megabytes:)``: a JSON string of `bytes` bytes, streamed in
/// chunks so the server never holds it whole.
enum HugeBody {
    static func response(bytes: Int) -> Response {
        let total = max(bytes, 2)
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let headers: HTTPFields = [.contentType: "application/json", .contentLength: String(total)]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: total) { writer in
                try await writer.write(ByteBuffer(string: "\""))
                var left = total - 2
                while left > 0 {
                    let size = min(left, chunk.readableBytes)
                    try await writer.write(chunk.getSlice(at: 0, length: size)!)
                    left -= size
                }
                try await writer.write(ByteBuffer(string: "\""))
                try await writer.finish(nil)
            })
    }
}
