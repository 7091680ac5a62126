import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// An in-process Hummingbird server on loopback that misbehaves on purpose, so the terminals'
/// limits are tested over real HTTP.
///
/// - `/trickle`: a 200 whose body arrives one byte every 20 ms, 1,000 bytes in all (20 s or more),
///   which keeps any idle timeout from firing; only a deadline for the whole exchange cuts it short.
/// - `/stall`: a 200 whose head and first byte arrive at once, then one byte every 10 s, 3 in all:
///   only a timer on the body cuts it short sooner (no byte arrives for a clock to be read at);
///   a write after the client has gone (the second, here) ends it.
/// - `/bomb`: `gzip`-encoded zeros, a few KiB on the wire that decompress to ``bombSize`` bytes.
/// - `/bomb-chunked`: the same without `Content-Length`, so the compressed size is unknown up front.
/// - `/cased`: a 200 with a field named in mixed case and one in lowercase.
/// - `/ok`: a 200 with a small body, to open a connection a later request reuses.
/// - `/drop`: reads the request, then closes the connection without answering (an answer lost
///   after the request went out).
final class HostileServer: Sendable {
    let baseURL: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Decompressed size of `/bomb`.
    static let bombSize = GzipZeros.decompressedSize

    private init(baseURL: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.group = group
        self.task = task
    }

    static func start() async throws -> HostileServer {
        let router = Router(context: HostileRequestContext.self)
        router.get("ok") { _, _ in "ok" }
        router.get("cased") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [HTTPField.Name("X-Mixed-Case")!: "one", HTTPField.Name("x-lower-case")!: "two"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        router.post("drop") { request, context -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            try? await context.channel.close()
            return Response(status: .ok)
        }
        router.get("trickle") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<1_000 {
                        try await writer.write(ByteBuffer(string: " "))
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("stall") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<3 {
                        try await writer.write(ByteBuffer(string: " "))
                        try await Task.sleep(for: .seconds(10))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("bomb") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: GzipZeros.data)))
        }
        router.get("bomb-chunked") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(bytes: GzipZeros.data))
                    try await writer.finish(nil)
                })
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            })
        // A graceful shutdown, as LemmyTestServer does: cancelling the server's task while a
        // connection is being accepted traps in NIOAsyncWriter's deinit.
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: Logger(label: "hostile-server")))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port != 0 else {
            await group.triggerGracefulShutdown()
            throw CancellationError()
        }
        return HostileServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, group: group, task: task)
    }

    func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// Runs `body` with a started server and stops it afterwards.
    static func with<T>(_ body: (HostileServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// A request context that keeps the connection, so a route can drop it.
struct HostileRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's connection.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
