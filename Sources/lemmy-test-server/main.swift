import Foundation
import LemmyTestServer

/// `lemmy-test-server --dialect 0.18|0.19|1.0 --scale tiny|small|large --port 8536 --seed N [--host 127.0.0.1] [--allow-remote]`
/// A host other than loopback needs `--allow-remote`.
/// Writes a line to standard output unbuffered (so it shows when redirected to a file).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let usage =
    "usage: lemmy-test-server [--dialect 0.18|0.19|1.0] [--scale tiny|small|large] [--port 8536] [--seed N] [--host ADDRESS] [--allow-remote]"
var configuration = LemmyTestServer.Configuration(dialect: .v0_19, scale: .small, port: 8536)
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    func value() -> String {
        guard let next = arguments.next() else {
            print(usage)
            exit(2)
        }
        return next
    }
    switch argument {
    case "--dialect":
        guard let dialect = LemmyDialect(argument: value()) else {
            print(usage)
            exit(2)
        }
        configuration.dialect = dialect
    case "--scale":
        guard let scale = SeedScale(rawValue: value()) else {
            print(usage)
            exit(2)
        }
        configuration.scale = scale
    case "--port":
        guard let port = Int(value()) else {
            print(usage)
            exit(2)
        }
        configuration.port = port
    case "--seed":
        guard let seed = UInt64(value()) else {
            print(usage)
            exit(2)
        }
        configuration.seed = seed
    case "--host": configuration.host = value()
    case "--allow-remote": configuration.allowsRemoteBinding = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        print(usage)
        exit(2)
    }
}

signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let server: LemmyTestServer
do {
    server = try await LemmyTestServer.start(configuration)
} catch let error as LemmyTestServerError {
    FileHandle.standardError.write(Data("lemmy-test-server: \(error)\n".utf8))
    exit(2)
}
say(
    "Lemmy \(server.dialect.versionString) test server (\(configuration.scale.rawValue), seed \(configuration.seed)) on \(server.baseURL)\(server.apiPrefix)"
)
say("seeded in \(server.seedDuration); accounts admin, alice, bob, carol (password: password); faults at /__admin/faults")
let signals = [SIGINT, SIGTERM].map { signal -> any DispatchSourceSignal in
    let source = DispatchSource.makeSignalSource(signal: signal)
    source.setEventHandler { Task { await server.stop() } }
    source.resume()
    return source
}
try await server.waitUntilStopped()
_ = signals
