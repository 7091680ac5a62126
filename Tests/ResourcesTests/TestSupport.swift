import Foundation
import HTTPBinServer
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Resources
import Synchronization
import Testing

/// The base URL of the in-process httpbin (``HTTPBinServer``), shared by the whole test process.
func httpbinURL() async throws -> URL {
    try await HTTPBinServer.shared.baseURL
}

/// A service over real HTTP to httpbin, with every request recorded.
@MainActor
func httpbinService(
    clock: ManualResourceClock = ManualResourceClock(),
    cache: (any ResourceCache)? = nil,
    gate: MockGate? = nil
) async throws -> (ResourceService, RecordingLoader) {
    let recorder = RecordingLoader(gate: gate)
    recorder --> URLSessionLoader()
    let service = ResourceService(baseURL: try await httpbinURL(), loader: recorder, clock: clock.resourceClock, persistentCache: cache)
    return (service, recorder)
}

/// A service over a ``MockLoader``.
@MainActor
func mockService(_ mock: MockLoader, clock: ManualResourceClock = ManualResourceClock()) -> ResourceService {
    ResourceService(baseURL: URL(string: "https://example.test/api")!, loader: mock, clock: clock.resourceClock)
}

/// A JSON response body.
func json(_ text: String) -> Data { Data(text.utf8) }

/// `Content-Type: application/json`, plus an optional entity tag.
func jsonHeaders(etag: String? = nil) -> HTTPFields {
    var fields: HTTPFields = [.contentType: "application/json"]
    if let etag { fields[.eTag] = etag }
    return fields
}

/// Records every request (and optionally holds each at a gate) before passing it on.
final class RecordingLoader: ChainedLoader {
    let next = NextLoader()
    private let requests = Mutex<[LoadRequest]>([])
    private let gate: MockGate?

    init(gate: MockGate? = nil) { self.gate = gate }

    var received: [LoadRequest] { requests.withLock { $0 } }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        requests.withLock { $0.append(request) }
        if let gate {
            do { try await gate.wait() } catch { throw LoadError(.cancelled, request: request) }
        }
        return try await next.load(request)
    }
}

/// A latch that ignores cancellation: a response held by it arrives late even after a cancel.
final class StubbornLatch: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>], arrived: Int)>((false, [], 0))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                state.arrived += 1
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    var arrived: Int { state.withLock { $0.arrived } }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// An observer object recording the events it is told.
@MainActor
final class EventRecorder: ResourceObserver {
    var events: [ResourceEvent] = []
    func resourceChanged(_ resource: Resource, event: ResourceEvent) { events.append(event) }
}

/// Yields until `condition` holds (no sleeping); false if it never does.
@MainActor
func eventually(_ condition: () -> Bool, turns: Int = 10_000) async -> Bool {
    for _ in 0..<turns {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// The shape of httpbin's `/json` document.
struct Slideshow: Decodable, Sendable, Equatable {
    struct Show: Decodable, Sendable, Equatable {
        let author: String
        let title: String
    }
    let slideshow: Show
}

/// A decoded payload with identity, to check that unchanged data keeps it.
final class Payload: Sendable {
    let text: String
    init(text: String) { self.text = text }
}
