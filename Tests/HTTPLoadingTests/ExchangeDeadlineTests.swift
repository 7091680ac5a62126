import Foundation
@testable import HTTPLoading
import Testing

/// The exchange deadline terminals run under: one shared watchdog task cancels what overruns.
@Suite struct ExchangeDeadlineTests {
    /// Waits until cancelled, then reports the cancellation as a terminal does.
    static func hang(_ request: LoadRequest) -> @Sendable () async throws(LoadError) -> Int {
        {
            () async throws(LoadError) -> Int in
            try? await Task.sleep(for: .seconds(3600))
            throw LoadError(.cancelled, request: request)
        }
    }

    @Test func aShorterDeadlineRegisteredAfterALongerOneStillFires() async throws {
        let watchdog = DeadlineWatchdog()
        let request = LoadRequest(url: URL(string: "https://lemmy.test/slow")!)
        // The watchdog's timer waits for the long deadline first; the short one must wake it.
        let long = Task { try await ExchangeDeadline.run(.seconds(600), for: request, watchdog: watchdog, Self.hang(request)) }
        while watchdog.activity.registered == 0 { await Task.yield() }
        let began = ContinuousClock.now
        var code: LoadError.Code?
        do {
            _ = try await ExchangeDeadline.run(.milliseconds(100), for: request, watchdog: watchdog, Self.hang(request))
        } catch {
            code = error.code
        }
        #expect(code == .timedOut)
        #expect(ContinuousClock.now - began < .seconds(60))
        long.cancel()
        let outcome = await long.result
        #expect((outcome.failure as? LoadError)?.code == .cancelled)
    }

    @Test func finishedExchangesLeaveNothingBehind() async throws {
        let watchdog = DeadlineWatchdog()
        let request = LoadRequest(url: URL(string: "https://lemmy.test/fast")!)
        var total = 0
        for index in 0..<500 {
            total += try await ExchangeDeadline.run(.seconds(60), for: request, watchdog: watchdog) { index }
        }
        #expect(total == (0..<500).reduce(0, +))
        // Nothing stays registered; the one timer task waits for a deadline of a finished
        // exchange, then stops (it is not one timer per exchange).
        #expect(watchdog.activity.registered == 0)
    }

    @Test func anAnswerBeforeTheDeadlineIsReturned() async throws {
        let request = LoadRequest(url: URL(string: "https://lemmy.test/fast")!)
        let value = try await ExchangeDeadline.run(.seconds(5), for: request) { 42 }
        #expect(value == 42)
    }
}
