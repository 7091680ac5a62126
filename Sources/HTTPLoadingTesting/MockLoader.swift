internal import Locking
import DequeModule
public import Foundation
public import HTTPLoading
public import HTTPTypes

/// A terminal loader for unit tests: a queue of handlers, each of which asserts on the request it
/// receives and answers it.
///
/// A request that arrives when no handler is queued fails with
/// `LoadError.Code.unexpectedRequest` and a message naming it, and is
/// listed in ``unexpectedRequests`` so a test can assert that there were none.
public final class MockLoader: HTTPLoader {
    /// Answers one request. Throwing a `CancellationError` (e.g. from a cancelled ``MockGate``)
    /// reports a cancellation.
    public typealias Handler = @Sendable (LoadRequest) async throws -> LoadResponse

    private struct State {
        var handlers = Deque<Handler>()
        var received: [LoadRequest] = []
        var unexpected: [String] = []
        var resets = 0
        var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Creates a mock with no handlers.
    public init() {}

    /// Queues a handler for the next request.
    public func enqueue(_ handler: @escaping Handler) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Queues an answer with a status, header fields and body, optionally held until `gate` opens.
    public func respond(
        status: HTTPResponse.Status = .ok,
        headerFields: HTTPFields = [:],
        body: Data = Data(),
        after gate: MockGate? = nil,
        check: (@Sendable (LoadRequest) -> Void)? = nil
    ) {
        enqueue { request in
            check?(request)
            try await gate?.wait()
            return LoadResponse(request: request, status: status, headerFields: headerFields, body: body)
        }
    }

    /// Queues a failure with `code`, optionally held until `gate` opens.
    public func fail(with code: LoadError.Code, after gate: MockGate? = nil) {
        enqueue { request in
            try await gate?.wait()
            throw LoadError(code, request: request, message: "mock failure")
        }
    }

    /// Every request received, in order of arrival.
    public var receivedRequests: [LoadRequest] { state.withLock { $0.received } }

    /// Descriptions of requests that arrived with no handler queued.
    public var unexpectedRequests: [String] { state.withLock { $0.unexpected } }

    /// Handlers not yet used.
    public var pendingHandlerCount: Int { state.withLock { $0.handlers.count } }

    /// How many times the mock was reset.
    public var resetCount: Int { state.withLock { $0.resets } }

    /// Returns once at least `count` requests have arrived (whether or not they were answered),
    /// so a test can act while they are held at a gate, without sleeping.
    public func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.received.count >= count { return true }
                state.arrivalWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Records the request and answers it with the next handler.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let (handler, arrived) = state.withLock { state -> (Handler?, [CheckedContinuation<Void, Never>]) in
            state.received.append(request)
            let count = state.received.count
            let arrived = state.arrivalWaiters.filter { $0.count <= count }.map(\.continuation)
            state.arrivalWaiters.removeAll { $0.count <= count }
            let handler = state.handlers.popFirst()
            if handler == nil {
                state.unexpected.append(
                    "\(request.method) \(request.head.scheme ?? "")://\(request.head.authority ?? "")\(request.head.path ?? "")")
            }
            return (handler, arrived)
        }
        for waiter in arrived { waiter.resume() }
        guard let handler else {
            throw LoadError(
                .unexpectedRequest, request: request,
                message: "MockLoader received \(request.method) \(request.head.path ?? "") but no handler was queued"
            )
        }
        do {
            return try await handler(request)
        } catch {
            throw LoadError.wrapping(error, for: request)
        }
    }

    /// Counts the reset.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        state.withLock { $0.resets += 1 }
    }
}
