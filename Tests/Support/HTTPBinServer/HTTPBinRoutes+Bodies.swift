import Foundation
import HTTPTypes
import Hummingbird

extension HTTPBinRoutes {
    /// `/gzip` and `/large/<size>`.
    static func addBodyRoutes(to router: Router<HTTPBinContext>) {
        router.get("/gzip") { request, context in
            let echo = try await Echo.of(request, context: context, readingBody: false)
            let json = JSONResponse.encode(["gzipped": true, "headers": echo.headers, "method": echo.method, "origin": echo.origin])
            return Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Gzip.wrap(json))))
        }
        // Not in httpbin (its /bytes stops at 100 KiB): `size` bytes of "0123456789abcdef"
        // repeated, streamed in 64 KiB pieces, at most 64 MiB.
        router.get("/large/:size") { _, context in
            let size = try context.parameters.require("size", as: Int.self)
            guard (0...(64 << 20)).contains(size) else { throw HTTPError(.badRequest) }
            let piece = ByteBuffer(bytes: Array(repeating: Array("0123456789abcdef".utf8), count: 4096).joined())
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream", .contentLength: "\(size)"],
                body: ResponseBody(contentLength: size) { writer in
                    var left = size
                    while left > 0 {
                        let count = min(left, piece.readableBytes)
                        try await writer.write(piece.getSlice(at: 0, length: count)!)
                        left -= count
                    }
                    try await writer.finish(nil)
                })
        }
    }
}
