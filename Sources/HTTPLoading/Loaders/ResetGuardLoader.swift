internal import Locking

/// Guards a chain while it resets: new requests fail with
/// ``LoadError/Code-swift.enum/resetInProgress``, and a second reset joins the one running
/// instead of starting another. Optionally cancels every request in flight when a reset starts,
/// so a logout leaves nothing running with the old credentials.
public final class ResetGuardLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let cancelsInFlightRequests: Bool
    private let state = Locked(State())

    private struct State {
        var reset: Task<Void, Never>?
        var inFlight: [UInt64: Task<LoadResponse, any Error>] = [:]
        var nextId: UInt64 = 0
    }

    /// Creates a guard; with `cancelsInFlightRequests`, a reset cancels the loads in flight.
    public init(cancelsInFlightRequests: Bool = false) {
        self.cancelsInFlightRequests = cancelsInFlightRequests
    }

    /// Whether a reset is running.
    public var isResetting: Bool { state.withLock { $0.reset != nil } }

    /// Refuses the request during a reset; otherwise forwards it.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard cancelsInFlightRequests else {
            guard !isResetting else { throw Self.refused(request) }
            return try await next.load(consume request)
        }
        return try await loadTracked(request)
    }

    /// Loads in a task the guard can cancel, forwarding the caller's cancellation. A function of
    /// its own, to keep `load`'s async frame small.
    @inline(never)
    private func loadTracked(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let tracked = state.withLock { state -> (UInt64, Task<LoadResponse, any Error>)? in
            guard state.reset == nil else { return nil }
            let id = state.nextId
            state.nextId &+= 1
            let task = Task { () async throws -> LoadResponse in try await self.next.load(request) }
            state.inFlight[id] = task
            return (id, task)
        }
        guard let (id, task) = tracked else { throw Self.refused(request) }
        defer { _ = state.withLock { $0.inFlight.removeValue(forKey: id) } }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw LoadError.wrapping(error, for: request)
        }
    }

    /// Runs one reset of everything downstream; a reset requested meanwhile waits for it.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        let (task, cancelled) = state.withLock { state -> (Task<Void, Never>, [Task<LoadResponse, any Error>]) in
            if let running = state.reset { return (running, []) }
            let task = Task { await self.next.reset(in: context) }
            state.reset = task
            return (task, Array(state.inFlight.values))
        }
        for load in cancelled { load.cancel() }
        await task.value
        state.withLock { state in
            if state.reset == task { state.reset = nil }
        }
    }

    private static func refused(_ request: LoadRequest) -> LoadError {
        LoadError(.resetInProgress, request: request, message: "the chain is resetting")
    }
}
