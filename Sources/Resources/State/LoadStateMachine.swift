import Foundation
import HTTPTypes

/// The bookkeeping shared by ``Resource`` and ``AsyncLoadable``: latest data and error,
/// invalidation, loads and requests in flight, and which late answers to ignore.
///
/// A plain value with no I/O, so its rules are easy to check: the newest load started wins, a
/// wipe makes every answer already in flight stale, a cancelled load changes nothing.
struct LoadStateMachine: Sendable {
    /// Identifies one load or request for as long as it is in flight.
    struct Ticket: Hashable, Sendable {
        let id: Int
        let generation: Int
        let isLoad: Bool
    }

    /// How a load ended.
    enum Completion: Sendable {
        case newData(ResourceEntity)
        case notModified(Date)
        case failure(ResourceError)
        case cancelled
    }

    /// What applying a completion did.
    enum Effect: Sendable, Equatable {
        /// The data changed.
        case newData
        /// The data was confirmed unchanged.
        case notModified
        /// The error was recorded.
        case error
        /// The load was cancelled; only the loading flag may have changed.
        case cancelled
        /// The answer was stale (wiped, or an older load than one already applied): ignored.
        case ignored
    }

    private(set) var latestData: ResourceEntity? { didSet { dataVersion &+= 1 } }
    private(set) var latestError: ResourceError? { didSet { errorVersion &+= 1 } }
    /// Bumped on every write of ``latestData``, so mirrors can tell a change cheaply.
    private(set) var dataVersion = 0
    /// Bumped on every write of ``latestError``.
    private(set) var errorVersion = 0
    private(set) var isInvalidated = false
    private(set) var inFlight: Set<Ticket> = []
    private var nextId = 0
    private var generation = 0
    private var newestAppliedLoad = -1

    var isLoading: Bool { inFlight.contains { $0.isLoad } }
    var isRequesting: Bool { !inFlight.isEmpty }

    /// Registers a load (which will update state) or a plain request (which only counts as
    /// requesting).
    mutating func start(isLoad: Bool) -> Ticket {
        defer { nextId += 1 }
        let ticket = Ticket(id: nextId, generation: generation, isLoad: isLoad)
        inFlight.insert(ticket)
        return ticket
    }

    /// Ends a plain request.
    mutating func finishRequest(_ ticket: Ticket) {
        inFlight.remove(ticket)
    }

    /// Ends a load and applies its answer, unless the answer is stale.
    mutating func finishLoad(_ ticket: Ticket, _ completion: Completion) -> Effect {
        guard inFlight.remove(ticket) != nil, ticket.generation == generation else { return .ignored }
        if case .cancelled = completion { return .cancelled }
        guard ticket.id > newestAppliedLoad else { return .ignored }
        newestAppliedLoad = ticket.id
        isInvalidated = false
        switch completion {
        case .newData(let entity):
            latestData = entity
            if latestError != nil { latestError = nil }
            return .newData
        case .notModified(let timestamp):
            guard latestData != nil else {
                latestError = ResourceError(.notModifiedWithoutData, timestamp: timestamp)
                return .error
            }
            latestData?.timestamp = timestamp
            if latestError != nil { latestError = nil }
            return .notModified
        case .failure(let error):
            latestError = error
            return .error
        case .cancelled:
            return .cancelled
        }
    }

    /// Replaces the data without a load (local override, or data read from a persistent cache
    /// while no data is held). Loads already in flight still apply when they answer.
    mutating func override(with entity: ResourceEntity, clearsInvalidation: Bool = true) {
        latestData = entity
        if latestError != nil { latestError = nil }
        if clearsInvalidation { isInvalidated = false }
    }

    /// Records an error without a load (used by fakes).
    mutating func fail(with error: ResourceError) {
        latestError = error
    }

    /// Marks the data stale so that the next load-if-needed loads.
    mutating func invalidate() {
        isInvalidated = true
    }

    /// Forgets everything; answers already in flight will be ignored.
    mutating func wipe() {
        latestData = nil
        latestError = nil
        isInvalidated = false
        inFlight.removeAll()
        generation += 1
    }

    /// When data or error last changed.
    var timestamp: Date? {
        [latestData?.timestamp, latestError?.timestamp].compactMap { $0 }.max()
    }

    /// Whether a load-if-needed should do nothing: the data is younger than `expiry`, or the
    /// latest error is younger than `retry`, and nothing invalidated it.
    func isUpToDate(now: Date, expiry: Duration, retry: Duration) -> Bool {
        guard !isInvalidated, let timestamp else { return false }
        let maximumAge = latestError == nil ? expiry : retry
        return now.timeIntervalSince(timestamp) < maximumAge.timeInterval
    }

    /// The snapshot of this state.
    func snapshot(isUpToDate: Bool) -> ResourceState<any Sendable> {
        ResourceState(
            content: latestData?.content, latestError: latestError, dataTimestamp: latestData?.timestamp,
            headerFields: latestData?.headerFields ?? [:], isLoading: isLoading, isRequesting: isRequesting,
            isUpToDate: isUpToDate
        )
    }
}
