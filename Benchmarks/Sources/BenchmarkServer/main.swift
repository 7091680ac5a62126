import Foundation
import Hummingbird
import LemmyTestServer
import Logging

// The loopback servers scripts/bench.sh points wrk and the HTTPChain benchmarks at. Each prints
// "listening on PORT" (unbuffered) once it accepts connections, and runs until killed.
//   BenchmarkServer hello [PORT]           GET /hello answers a small JSON body
//   BenchmarkServer lemmy SCALE [PORT]     a LemmyTestServer, 0.19 dialect, seed 1

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "hello":
    let port = arguments.dropFirst().first.flatMap(Int.init) ?? 0
    let router = Router()
    router.get("hello") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"hello":"lemmy"}"#)))
    }
    var logger = Logger(label: "benchmark-server")
    logger.logLevel = .error
    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: port)),
        onServerRunning: { channel in say("listening on \(channel.localAddress?.port ?? 0)") },
        logger: logger
    )
    try await app.runService()
case "lemmy":
    guard arguments.count >= 2, let scale = SeedScale(rawValue: arguments[1]) else {
        say("usage: BenchmarkServer lemmy tiny|small|medium|large [PORT]")
        exit(2)
    }
    let port = arguments.dropFirst(2).first.flatMap(Int.init) ?? 0
    let server = try await LemmyTestServer.start(.init(dialect: .v0_19, scale: scale, port: port))
    say("listening on \(server.port)")
    while true { try await Task.sleep(for: .seconds(3600)) }
default:
    say("usage: BenchmarkServer hello [PORT] | BenchmarkServer lemmy SCALE [PORT]")
    exit(2)
}
