import FeedLoading
import Synchronization

/// A page fetcher whose every fetch suspends until the test answers it, so a test decides
/// exactly when the "server" responds and interleavings are deterministic. It deliberately
/// ignores task cancellation, like a server that has not answered yet.
final class GatedFetcher<Item: Sendable>: Fetcher {
    struct Request: Sendable {
        let id: Int
        let page: Int
    }

    private struct State {
        var nextId = 0
        var pending: [Int: CheckedContinuation<FetchedPage<Item, Int>, any Error>] = [:]
        var requestCount = 0
    }

    /// Every fetch as it starts.
    let requests: AsyncStream<Request>
    private let sink: AsyncStream<Request>.Continuation
    private let state = Mutex(State())

    init() {
        (requests, sink) = AsyncStream.makeStream()
    }

    var requestCount: Int { state.withLock { $0.requestCount } }

    func firstPosition() -> Int { 1 }

    func fetch(at page: Int) async throws -> FetchedPage<Item, Int> {
        try await withCheckedThrowingContinuation { continuation in
            let id = state.withLock { state in
                state.nextId += 1
                state.requestCount += 1
                state.pending[state.nextId] = continuation
                return state.nextId
            }
            sink.yield(Request(id: id, page: page))
        }
    }

    /// Answers `request` with `items`; the page after it follows unless `isLast`.
    func respond(_ request: Request, with items: [Item], isLast: Bool = false) {
        take(request).resume(returning: FetchedPage(items: items, next: isLast ? nil : request.page + 1))
    }

    /// Fails `request` with `error`.
    func fail(_ request: Request, with error: any Error) {
        take(request).resume(throwing: error)
    }

    private func take(_ request: Request) -> CheckedContinuation<FetchedPage<Item, Int>, any Error> {
        guard let continuation = state.withLock({ $0.pending.removeValue(forKey: request.id) }) else {
            fatalError("request \(request.id) answered twice")
        }
        return continuation
    }
}

extension AsyncStream.Iterator {
    /// The next element, which the test knows will come.
    mutating func expectNext() async -> Element {
        guard let element = await next() else { fatalError("stream ended") }
        return element
    }
}
