import Synchronization

/// The key under which identical in-flight requests share one load; `nil` never shares.
public enum DeduplicationKeyOption: RequestOption {
    /// No explicit key.
    public static let defaultValue: String? = nil
}

/// Sends identical in-flight requests once: a request whose key matches one in flight waits for
/// that load's response instead of sending its own.
///
/// Every caller, first or later, is a participant of the shared load. A participant whose task is
/// cancelled is only detached (it gets ``LoadError/Code-swift.enum/cancelled``); the load itself
/// is cancelled when no participant is left.
public final class DeduplicationLoader: ChainedLoader {
    /// Which requests get a key when they carry no ``DeduplicationKeyOption``.
    public enum AutomaticKeys: Sendable {
        /// Only requests with an explicit key are deduplicated.
        case off
        /// GET and HEAD requests without a body are keyed by method, target and header fields.
        case safeMethods
    }

    /// The link to the next loader.
    public let next = NextLoader()
    private let automaticKeys: AutomaticKeys
    private let state = Mutex(State())

    private typealias Participant = CheckedContinuation<Result<LoadResponse, LoadError>, Never>

    private struct Flight {
        let id: UInt64
        var participants: [UInt64: Participant] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var flights: [String: Flight] = [:]
        var nextID: UInt64 = 0
        mutating func makeID() -> UInt64 {
            defer { nextID &+= 1 }
            return nextID
        }
    }

    /// Creates a loader; `automaticKeys` decides which requests without an explicit key are shared.
    public init(automaticKeys: AutomaticKeys = .safeMethods) {
        self.automaticKeys = automaticKeys
    }

    /// How many callers wait on shared loads (for tests).
    var participantCount: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.participants.count } } }

    /// How many distinct loads are in flight.
    public var inFlightCount: Int { state.withLock { $0.flights.count } }

    /// Joins or starts the load for the request's key.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let key = key(for: request) else { return try await next.load(request) }
        let participantID = state.withLock { $0.makeID() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Participant) in
                join(key: key, participantID: participantID, request: request, continuation: continuation)
            }
        } onCancel: {
            detach(key: key, participantID: participantID, request: request)
        }
        return try result.get()
    }

    private func key(for request: LoadRequest) -> String? {
        if let key = request.options[DeduplicationKeyOption.self] { return key }
        guard automaticKeys == .safeMethods, request.method == .get || request.method == .head, request.body.isEmpty else { return nil }
        let headers = request.headerFields.map { "\($0.name.canonicalName):\($0.value)" }.joined(separator: "\n")
        return "\(request.method.rawValue) \(request.head.scheme ?? "")://\(request.head.authority ?? "")\(request.head.path ?? "")\n\(headers)"
    }

    private func join(key: String, participantID: UInt64, request: LoadRequest, continuation: Participant) {
        let joined = state.withLock { state -> Bool in
            // Checked under the lock: a cancellation is seen here or by `detach`, never by neither.
            if Task.isCancelled { return false }
            if state.flights[key] == nil {
                let flightID = state.makeID()
                var flight = Flight(id: flightID)
                flight.task = Task { await self.run(request, key: key, flightID: flightID) }
                state.flights[key] = flight
            }
            state.flights[key]?.participants[participantID] = continuation
            return true
        }
        if !joined { continuation.resume(returning: .failure(LoadError(.cancelled, request: request))) }
    }

    private func detach(key: String, participantID: UInt64, request: LoadRequest) {
        let (participant, abandoned) = state.withLock { state -> (Participant?, Task<Void, Never>?) in
            guard var flight = state.flights[key], let participant = flight.participants.removeValue(forKey: participantID) else {
                return (nil, nil)
            }
            if flight.participants.isEmpty {
                // Nobody waits any more: forget the flight so a new request starts afresh.
                state.flights[key] = nil
                return (participant, flight.task)
            }
            state.flights[key] = flight
            return (participant, nil)
        }
        participant?.resume(returning: .failure(LoadError(.cancelled, request: request)))
        abandoned?.cancel()
    }

    private func run(_ request: LoadRequest, key: String, flightID: UInt64) async {
        let result: Result<LoadResponse, LoadError>
        do throws(LoadError) { result = .success(try await next.load(request)) } catch { result = .failure(error) }
        let participants = state.withLock { state -> [Participant] in
            guard let flight = state.flights[key], flight.id == flightID else { return [] }
            state.flights[key] = nil
            return Array(flight.participants.values)
        }
        for participant in participants { participant.resume(returning: result) }
    }
}
