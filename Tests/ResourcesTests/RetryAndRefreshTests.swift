import Foundation
import HTTPLoading
import HTTPLoadingTesting
import Resources
import Synchronization
import Testing
import HTTPTypes

/// A clock whose sleeps return at once and are recorded.
final class InstantClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }
    private let state = Mutex<(now: Duration, sleeps: [Duration])>((.zero, []))
    var now: Instant { Instant(offset: state.withLock { $0.now }) }
    var minimumResolution: Duration { .zero }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        state.withLock { state in
            state.sleeps.append(deadline.offset - state.now)
            state.now = max(state.now, deadline.offset)
        }
    }
}

@Suite("Retry and background refresh")
@MainActor
struct RetryAndRefreshTests {
    @Test("B24: failures retry with capped exponential backoff, 3 times (RetryLoader in the chain, real HTTP)")
    func cappedExponentialBackoff() async throws {
        let clock = InstantClock()
        let recorder = RecordingLoader()
        let retry = RetryLoader(defaultStrategy: .exponential(retries: 3, initial: .seconds(1), cap: .seconds(3), jitter: 0), clock: clock)
        recorder --> retry --> URLSessionLoader()
        let service = ResourceService(baseURL: try await httpbinURL(), loader: recorder)
        let resource = service.resource("/status/503")
        let result = await resource.load().result()
        #expect(throws: ResourceError.self) { try result.get() }
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(resource.latestError?.httpStatus == 503)
    }

    @Test("B25: an error during a background refresh keeps the previous data visible")
    func backgroundRefreshErrorKeepsData() async throws {
        let clock = ManualResourceClock()
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("data"))
        mock.respond(status: .internalServerError, after: gate)
        let resource = mockService(mock, clock: clock).resource("/thing").typed(Data.self)
        _ = try await resource.load()
        clock.advance(by: .seconds(31))
        let refresh = try #require(resource.resource.loadIfNeeded())
        #expect(DisplayRules.standard.decide([resource.loadableStatus]) == .content)
        #expect(resource.state.isLoading)
        gate.open()
        let result = await refresh.result()
        #expect(throws: ResourceError.self) { try result.get() }
        #expect(resource.state.content == json("data"))
        #expect(resource.state.latestError != nil)
        #expect(DisplayRules.standard.decide([resource.loadableStatus]) == .content)
        #expect(
            DisplayRules([.error, .anyData]).decide([resource.loadableStatus])
                == .error(message: "Internal Server Error (500)", canTryAgain: true))
    }
}
