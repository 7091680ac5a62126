import Foundation
import Hummingbird
import Logging

// A minimal loopback HTTP server for the HTTPLoading benchmarks and wrk: GET /hello answers a
// small JSON body. Prints "listening on PORT" once it accepts connections.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 0
let router = Router()
router.get("hello") { _, _ -> Response in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"hello":"lemmy"}"#)))
}
var logger = Logger(label: "benchmark-server")
logger.logLevel = .error
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        // Unbuffered, so a parent process reading the pipe sees it at once.
        FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
    },
    logger: logger
)
try await app.runService()
