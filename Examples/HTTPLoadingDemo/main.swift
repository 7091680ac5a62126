import Foundation
import HTTPLoading
import Hummingbird
import Logging
import Synchronization

// The HTTPLoading demo: starts a local server, builds a full loader chain over URLSession and
// shows what each link does, with real requests.

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}

/// Gives out a stale token first, then a fresh one when the server rejects it.
struct DemoTokens: AccessTokenProvider {
    func currentToken() async throws -> String? { "stale-token" }
    func refreshedToken(replacing rejected: String) async throws -> String { "fresh-token" }
}

let server = DemoServer()
let (started, startedContinuation) = AsyncStream<Int>.makeStream()
let application = server.makeApplication { startedContinuation.yield($0) }

try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await application.runService() }
    var ports = started.makeAsyncIterator()
    guard let port = await ports.next() else { return }
    let base = URL(string: "http://127.0.0.1:\(port)")!
    print("Started a local server at \(base.absoluteString)\n")

    let chain =
        LogLoader(logger: Logger(label: "http"))
        --> ServerEnvironmentLoader(ServerEnvironment(baseURL: base, userAgent: "LemmyKit-demo/1")!)
        --> DeduplicationLoader()
        --> ThrottleLoader(maximumConcurrentRequests: 4)
        --> RetryLoader(defaultStrategy: .exponential(retries: 2))
        --> BearerAuthLoader(provider: DemoTokens())
        --> RedirectLoader()
        --> URLSessionLoader()

    func show(_ title: String, _ response: LoadResponse) {
        print("\(title): \(response.status.code) \(String(decoding: response.body, as: UTF8.self))\n")
    }

    show("1. A plain request", try await chain.load(LoadRequest(path: "/hello")))
    show("2. 503 with Retry-After: 1, retried once", try await chain.load(LoadRequest(path: "/flaky")))

    let shared = try await withThrowingTaskGroup(of: LoadResponse.self) { group in
        for _ in 0..<5 { group.addTask { try await chain.load(LoadRequest(path: "/counted")) } }
        var responses: [LoadResponse] = []
        for try await response in group { responses.append(response) }
        return responses
    }
    print(
        "3. Five identical GETs at once reached the server \(server.hits.count("counted")) time(s); all \(shared.count) got \(shared[0].status.code)\n"
    )

    show("4. A 401 for a stale token, refreshed and replayed", try await chain.load(LoadRequest(path: "/private")))

    var impatient = LoadRequest(path: "/counted")
    impatient.options[TimeoutOption.self] = .milliseconds(10)
    impatient.options[RetryStrategyOption.self] = RetryStrategy.none
    do { _ = try await chain.load(impatient) } catch let error as LoadError {
        print("5. A 10 ms timeout fails with a typed error: \(error.code)\n")
    }

    let task = Task { try await chain.load(LoadRequest(path: "/counted?cancel=1")) }
    task.cancel()
    do { _ = try await task.value } catch let error as LoadError {
        print("6. A cancelled task reports a cancellation, not a failure: isCancellation = \(error.isCancellation)")
    }
    group.cancelAll()
}
