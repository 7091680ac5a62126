internal import Locking
import HTTPTypes

/// The key under which identical in-flight requests share one load; `nil` never shares.
public enum DeduplicationKeyOption: RequestOption {
    /// No explicit key.
    public static let defaultValue: String? = nil
}

/// Sends identical in-flight requests once: a request whose key matches one in flight waits for
/// that load's response instead of sending its own.
///
/// The first request (the leader) loads in its own task, so the common case costs no extra task.
/// Later ones (followers) wait for its outcome. A follower whose task is cancelled is only
/// detached and gets ``LoadError/Code-swift.enum/cancelled``. If the leader is cancelled, its
/// followers are not: each one sends the request again itself.
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
    private let state = Locked(State())

    private enum Identity: Equatable {
        case explicit(String)
        /// The request's head: method, target and header fields, held as one value (two
        /// references) rather than as its five parts, which cost a copy of each at every use of
        /// the key.
        case request(HTTPRequest)
    }

    /// An ``Identity`` with its hash computed once: a flight is looked up, added and removed
    /// under the lock.
    private struct Key: Hashable {
        let identity: Identity
        let hash: Int
        /// Given to the leader's key when its flight opens (0 before): the key that ends a flight
        /// is the one that opened it, so equal tokens make equal keys, without comparing heads.
        /// Only a key with a token issued is ever stored (``lead(_:)`` puts nothing else in).
        var flight: UInt64 = 0

        init(_ identity: Identity) {
            self.identity = identity
            // Hashed by what tells requests apart (the target); equality still compares the whole
            // identity. Hashing every header field too cost more than the rest of the loader.
            var hasher = Hasher()
            switch identity {
            case .explicit(let key):
                hasher.combine(key)
            case .request(let head):
                hasher.combine(head.path)
                hasher.combine(head.authority)
            }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && ((a.flight != 0 && a.flight == b.flight) || a.identity == b.identity)
        }
    }

    private enum FollowerOutcome {
        case finished(Result<LoadResponse, LoadError>)
        /// The flight ended before this follower joined, or its leader was cancelled: send again.
        case sendAgain
    }

    private typealias Follower = CheckedContinuation<FollowerOutcome, Never>

    private struct State {
        var flights: [Key: [UInt64: Follower]] = [:]
        var nextId: UInt64 = 0
        /// The last flight token given; tokens start at 1.
        var lastFlight: UInt64 = 0
    }

    /// Creates a loader; `automaticKeys` decides which requests without an explicit key are shared.
    public init(automaticKeys: AutomaticKeys = .safeMethods) {
        self.automaticKeys = automaticKeys
    }

    /// How many distinct loads are in flight.
    public var inFlightCount: Int { state.withLock { $0.flights.count } }

    /// How many followers wait on shared loads (for tests).
    var followerCount: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.count } } }

    /// Leads or follows the load for the request's key.
    ///
    /// Led here rather than in a function of its own (an async call is a frame and an executor
    /// check more for every request); following, which is rare, runs in one of its own, to keep
    /// this async frame small.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard var key = key(for: request) else { return try await next.load(consume request) }
        guard lead(&key) else { return try await loadFollowing(key, request: request) }
        do throws(LoadError) {
            let response = try await next.load(consume request)
            land(key, outcome: .finished(.success(response)))
            return response
        } catch {
            // A cancelled leader's outcome says nothing about the request: followers send it themselves.
            land(key, outcome: error.isCancellation ? .sendAgain : .finished(.failure(error)))
            throw error
        }
    }

    /// Opens a flight for `key`, giving it the flight's token, and returns true; or returns false
    /// when one is in flight. One lookup when it opens (the usual case): the flight's entry is put
    /// in place, and put back only if one was there.
    private func lead(_ key: inout Key) -> Bool {
        state.withLock { state -> Bool in
            var opened = key
            opened.flight = state.lastFlight &+ 1
            guard let followers = state.flights.updateValue([:], forKey: opened) else {
                state.lastFlight = opened.flight
                key = opened
                return true
            }
            // Put back under the caller's key, which has no token, so that no key with a token
            // not issued could be stored (a dictionary keeps the key it holds, but need not).
            state.flights[key] = followers
            return false
        }
    }

    /// Waits for the flight for `key` and shares its outcome; sends the request again, leading or
    /// following anew, when the leader was cancelled.
    @inline(never)
    private func loadFollowing(_ key: Key, request: LoadRequest) async throws(LoadError) -> LoadResponse {
        switch await follow(key: key, request: request) {
        case .finished(let result):
            return try result.get()
        case .sendAgain:
            if Task.isCancelled { throw LoadError(.cancelled, request: request) }
            return try await load(request)
        }
    }

    private func key(for request: LoadRequest) -> Key? {
        if let key = request.options[DeduplicationKeyOption.self] { return Key(.explicit(key)) }
        guard automaticKeys == .safeMethods, request.method == .get || request.method == .head, request.body.isEmpty else { return nil }
        return Key(.request(request.head))
    }

    /// Ends the flight for `key` and hands `outcome` to its followers; built only if there are
    /// any, which is rare, so the leader's answer is not copied into a result for no one. Not
    /// inlined, so that its temporaries live on the thread's stack, not in `load`'s async frame.
    @inline(never)
    private func land(_ key: Key, outcome: @autoclosure () -> FollowerOutcome) {
        let followers = state.withLock { $0.flights.removeValue(forKey: key) ?? [:] }
        guard !followers.isEmpty else { return }
        let outcome = outcome()
        for follower in followers.values { follower.resume(returning: outcome) }
    }

    private func follow(key: Key, request: LoadRequest) async -> FollowerOutcome {
        let id = state.withLock { state in
            defer { state.nextId &+= 1 }
            return state.nextId
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Follower) in
                let joined = state.withLock { state -> FollowerOutcome? in
                    // Checked under the lock: a cancellation is seen here or by the handler below.
                    if Task.isCancelled { return .finished(.failure(LoadError(.cancelled, request: request))) }
                    guard state.flights[key] != nil else { return .sendAgain }
                    state.flights[key]?[id] = continuation
                    return nil
                }
                if let joined { continuation.resume(returning: joined) }
            }
        } onCancel: {
            let follower = state.withLock { $0.flights[key]?.removeValue(forKey: id) }
            follower?.resume(returning: .finished(.failure(LoadError(.cancelled, request: request))))
        }
    }
}
