import Hummingbird
import Logging
import Synchronization

/// A local server the demo starts in process: a JSON greeting, a flaky route that fails once with
/// 503 + Retry-After, a route that counts hits (to show deduplication) and one that wants a fresh token.
struct DemoServer {
    let hits = HitCounter()

    func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        let hits = self.hits
        router.get("hello") { _, _ in json(#"{"hello":"lemmy"}"#) }
        router.get("flaky") { _, _ in
            hits.record("flaky") == 1
                ? Response(status: .serviceUnavailable, headers: [.retryAfter: "1"])
                : json(#"{"recovered":true}"#)
        }
        router.get("counted") { _, _ in
            hits.record("counted")
            try await Task.sleep(for: .milliseconds(50))
            return json(#"{"expensive":true}"#)
        }
        router.get("private") { request, _ in
            request.headers[.authorization] == "Bearer fresh-token"
                ? json(#"{"secret":"hello, signed-in user"}"#)
                : Response(status: .unauthorized)
        }
        var logger = Logger(label: "demo-server")
        logger.logLevel = .critical
        return Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }
}

private func json(_ text: String) -> Response {
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
}

/// Counts requests per route.
final class HitCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    @discardableResult
    func record(_ route: String) -> Int {
        counts.withLock { counts in
            counts[route, default: 0] += 1
            return counts[route]!
        }
    }

    func count(_ route: String) -> Int { counts.withLock { $0[route] ?? 0 } }
}
