public import Foundation
public import Observation

/// The resource state machine over any async source: a throwing closure or an `AsyncSequence`.
///
/// It keeps data on error, loads if needed with expiry and retry times, joins a load in flight,
/// lets the newest load win, and can be invalidated, wiped or overridden, exactly like a
/// ``Resource``, so display logic treats it the same way.
@Observable
@MainActor
public final class AsyncLoadable<T: Sendable>: Loadable {
    /// The latest content.
    public private(set) var content: T?
    /// The error of the latest failed load.
    public private(set) var latestError: ResourceError?
    /// When the content arrived.
    public private(set) var dataTimestamp: Date?
    /// Whether a load is in flight.
    public private(set) var isLoading = false

    @ObservationIgnored private var machine = LoadStateMachine()
    @ObservationIgnored private var latestTicket: LoadStateMachine.Ticket?
    @ObservationIgnored private var tasks: [LoadStateMachine.Ticket: Task<Void, Never>] = [:]
    @ObservationIgnored private var continuations: [UUID: AsyncStream<ResourceState<T>>.Continuation] = [:]
    @ObservationIgnored private let run: @Sendable (@escaping @Sendable (T) async -> Void) async throws -> Void
    @ObservationIgnored private let clock: ResourceClock
    /// How long content stays fresh for ``loadIfNeeded()``.
    @ObservationIgnored public var expirationTime: Duration
    /// How long after an error ``loadIfNeeded()`` waits.
    @ObservationIgnored public var retryTime: Duration

    /// A loadable whose every load calls `operation`.
    public convenience init(
        clock: ResourceClock = .system,
        expirationTime: Duration = .seconds(30),
        retryTime: Duration = .seconds(1),
        operation: @escaping @Sendable () async throws -> T
    ) {
        self.init(clock: clock, expirationTime: expirationTime, retryTime: retryTime) { emit in
            await emit(try await operation())
        }
    }

    /// A loadable whose every load iterates `sequence`: the first element ends the load, later
    /// ones replace the content as they come, an error is the latest error.
    public convenience init<S: AsyncSequence & Sendable>(
        sequence: S,
        clock: ResourceClock = .system,
        expirationTime: Duration = .seconds(30),
        retryTime: Duration = .seconds(1)
    ) where S.Element == T {
        self.init(clock: clock, expirationTime: expirationTime, retryTime: retryTime) { emit in
            for try await element in sequence { await emit(element) }
        }
    }

    private init(
        clock: ResourceClock, expirationTime: Duration, retryTime: Duration,
        run: @escaping @Sendable (@escaping @Sendable (T) async -> Void) async throws -> Void
    ) {
        self.clock = clock
        self.expirationTime = expirationTime
        self.retryTime = retryTime
        self.run = run
    }

    /// A snapshot of the state.
    public var state: ResourceState<T> {
        ResourceState(
            content: content, latestError: latestError, dataTimestamp: dataTimestamp, isLoading: isLoading,
            isUpToDate: machine.isUpToDate(now: clock.now, expiry: expirationTime, retry: retryTime)
        )
    }

    /// Loads unless up to date or already loading.
    public func loadIfNeeded() {
        guard !machine.isLoading, !machine.isUpToDate(now: clock.now, expiry: expirationTime, retry: retryTime) else { return }
        reload()
    }

    /// Loads now; an older load still in flight is cancelled and its answers ignored.
    public func reload() {
        for task in tasks.values { task.cancel() }
        let ticket = machine.start(isLoad: true)
        publish()
        latestTicket = ticket
        tasks[ticket] = Task {
            do {
                try await run { value in await self.receive(value, ticket: ticket) }
                if machine.inFlight.contains(ticket) { finish(ticket, .cancelled) }
            } catch {
                let failure = ResourceError.wrapping(error, timestamp: clock.now)
                if machine.inFlight.contains(ticket) {
                    finish(ticket, Task.isCancelled || failure.isCancellation ? .cancelled : .failure(failure))
                } else if ticket == latestTicket, !Task.isCancelled, !failure.isCancellation {
                    machine.fail(with: failure)
                    publish()
                }
            }
            tasks[ticket] = nil
        }
    }

    /// Any loadable can load again.
    public var canReload: Bool { true }

    /// Cancels the load in flight; nothing else changes.
    public func cancel() {
        for task in tasks.values { task.cancel() }
    }

    /// Makes the next ``loadIfNeeded()`` load.
    public func invalidate() { machine.invalidate() }

    /// Forgets content and error and cancels the load in flight.
    public func wipe() {
        cancel()
        latestTicket = nil
        machine.wipe()
        publish()
    }

    /// Replaces the content locally.
    public func overrideLocalContent(_ content: T) {
        machine.override(with: ResourceEntity(content: content, timestamp: clock.now))
        publish()
    }

    /// The states: the current one at once, then one per change.
    public func states() -> AsyncStream<ResourceState<T>> {
        let (stream, continuation) = AsyncStream.makeStream(of: ResourceState<T>.self)
        let id = UUID()
        continuations[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in Task { @MainActor in self?.continuations[id] = nil } }
        return stream
    }

    private func receive(_ value: T, ticket: LoadStateMachine.Ticket) {
        let entity = ResourceEntity(content: value, timestamp: clock.now)
        if machine.inFlight.contains(ticket) {
            finish(ticket, .newData(entity))
        } else if ticket == latestTicket, !Task.isCancelled {
            machine.override(with: entity)
            publish()
        }
    }

    private func finish(_ ticket: LoadStateMachine.Ticket, _ completion: LoadStateMachine.Completion) {
        _ = machine.finishLoad(ticket, completion)
        publish()
    }

    private func publish() {
        content = machine.latestData?.content as? T
        dataTimestamp = machine.latestData?.timestamp
        latestError = machine.latestError
        isLoading = machine.isLoading
        let state = state
        for continuation in continuations.values { continuation.yield(state) }
    }
}
