public import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// An in-process HTTP server with httpbin's semantics for the routes LemmyKit's tests call, so
/// the integration tests need no external process.
///
/// Most tests use ``shared``: one server per test process, started on first use on a free
/// loopback port and left running until the process ends (a test may leave a slow `/delay`
/// request behind it, which must not hold up anyone's shutdown).
public final class HTTPBinServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The port the server is bound to on 127.0.0.1.
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(baseURL: URL, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.port = port
        self.group = group
        self.task = task
    }

    /// Starts a server on 127.0.0.1 and a free port; returns once it accepts connections.
    public static func start() async throws -> HTTPBinServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "httpbin")
        logger.logLevel = .error
        let app = Application(
            router: HTTPBinRoutes.router(state: HTTPBinState()),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port != 0 else {
            try await task.value
            throw HTTPBinServerError.didNotStart
        }
        return HTTPBinServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, port: port, group: group, task: task)
    }

    /// Stops accepting connections and waits for the requests in flight.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// The process-wide server, started by the first caller; concurrent first callers share one start.
    public static var shared: HTTPBinServer {
        get async throws { try await SharedStart.instance.server() }
    }
}

/// Why ``HTTPBinServer/start()`` failed.
public enum HTTPBinServerError: Error, Equatable {
    /// The listener stopped before it reported a bound port.
    case didNotStart
}

/// Runs the first start once; a failed start is retried by the next caller.
private actor SharedStart {
    static let instance = SharedStart()
    private var starting: Task<HTTPBinServer, any Error>?

    func server() async throws -> HTTPBinServer {
        if let starting { return try await starting.value }
        let task = Task { try await HTTPBinServer.start() }
        starting = task
        do { return try await task.value } catch {
            starting = nil
            throw error
        }
    }
}
