import Foundation
@testable import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Testing

@Suite struct RetryLoaderTests {
    @Test func retriesTransientFailuresWithConstantDelayThenSucceeds() async throws {
        let mock = MockLoader()
        let clock = RecordingClock()
        let retry = RetryLoader(defaultStrategy: .constant(retries: 3, delay: .seconds(2)), clock: clock)
        retry --> mock
        mock.fail(with: .connectionLost)
        mock.respond(status: .badGateway)
        mock.respond()
        #expect(try await retry.load(makeRequest()).status == .ok)
        #expect(mock.receivedRequests.count == 3)
        #expect(clock.sleeps == [.seconds(2), .seconds(2)])
    }

    @Test func stopsAfterTheLimitAndReturnsTheLastOutcome() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 2), clock: RecordingClock())
        retry --> mock
        for _ in 0..<3 { mock.respond(status: .serviceUnavailable) }
        #expect(try await retry.load(makeRequest()).status == .serviceUnavailable)
        #expect(mock.receivedRequests.count == 3)
        #expect(mock.pendingHandlerCount == 0)
    }

    @Test func exponentialBackoffGrowsIsCappedAndJittered() {
        let strategy = RetryStrategy.exponential(retries: 10, initial: .seconds(1), multiplier: 2, cap: .seconds(5), jitter: 0.5)
        #expect(strategy.delay(beforeRetry: 1, random: 0) == .seconds(1))
        #expect(strategy.delay(beforeRetry: 3, random: 0) == .seconds(4))
        #expect(strategy.delay(beforeRetry: 4, random: 0) == .seconds(5))
        #expect(strategy.delay(beforeRetry: 4, random: 1) == .milliseconds(2500))
    }

    @Test func honoursRetryAfterOn429And503() async throws {
        let mock = MockLoader()
        let clock = RecordingClock()
        let retry = RetryLoader(defaultStrategy: .exponential(retries: 3), clock: clock, random: { 0 })
        retry --> mock
        mock.respond(status: .tooManyRequests, headerFields: [.retryAfter: "7"])
        mock.respond(status: .serviceUnavailable, headerFields: [.retryAfter: "3"])
        mock.respond()
        #expect(try await retry.load(makeRequest()).status == .ok)
        #expect(clock.sleeps == [.seconds(7), .seconds(3)])
    }

    @Test func aRetryAfterBeyondTheMaximumEndsRetrying() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 3), clock: RecordingClock())
        retry --> mock
        mock.respond(status: .tooManyRequests, headerFields: [.retryAfter: "3600"])
        #expect(try await retry.load(makeRequest()).status == .tooManyRequests)
        #expect(mock.receivedRequests.count == 1)
    }

    @Test func retriesStatusesRejectedByAValidatorBelow() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 1), clock: RecordingClock())
        retry --> ValidationLoader() --> mock
        mock.respond(status: .serviceUnavailable)
        mock.respond()
        #expect(try await retry.load(makeRequest()).status == .ok)
    }

    @Test func nonIdempotentRequestsAreRetriedOnlyWhenTheyOptIn() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 2), clock: RecordingClock())
        retry --> mock
        mock.respond(status: .serviceUnavailable)
        #expect(try await retry.load(makeRequest(.post)).status == .serviceUnavailable)
        #expect(mock.receivedRequests.count == 1)

        mock.respond(status: .serviceUnavailable)
        mock.respond()
        var optedIn = makeRequest(.post)
        optedIn.options[RetriesNonIdempotentOption.self] = true
        #expect(try await retry.load(optedIn).status == .ok)
        #expect(mock.receivedRequests.count == 3)
    }

    @Test func perRequestStrategyOverridesTheDefault() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 5), clock: RecordingClock())
        retry --> mock
        mock.respond(status: .serviceUnavailable)
        var request = makeRequest()
        request.options[RetryStrategyOption.self] = RetryStrategy.none
        #expect(try await retry.load(request).status == .serviceUnavailable)
        #expect(mock.receivedRequests.count == 1)
    }

    @Test func neverRetriesACancellationOrAResetFailure() async throws {
        let mock = MockLoader()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 3), clock: RecordingClock())
        retry --> mock
        mock.fail(with: .cancelled)
        mock.fail(with: .resetInProgress)
        do { _ = try await retry.load(makeRequest()) } catch { #expect(error.code == .cancelled) }
        do { _ = try await retry.load(makeRequest()) } catch { #expect(error.code == .resetInProgress) }
        #expect(mock.receivedRequests.count == 2)
    }

    @Test func cancellingDuringTheBackoffStopsRetrying() async throws {
        let mock = MockLoader()
        let sleepGate = MockGate()
        let retry = RetryLoader(
            defaultStrategy: .constant(retries: 3, delay: .seconds(1)), clock: RecordingClock(holdingSleepsAt: sleepGate))
        retry --> mock
        mock.fail(with: .timedOut)
        let task = Task { try await retry.load(makeRequest()) }
        await sleepGate.waitForArrivals(1)
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as LoadError {
            #expect(error.isCancellation)
        }
        #expect(mock.receivedRequests.count == 1)
    }

    @Test func cancellingDuringAnAttemptCancelsItAndDoesNotRetry() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        let retry = RetryLoader(defaultStrategy: .immediate(retries: 3), clock: RecordingClock())
        retry --> mock
        mock.respond(after: gate)
        let task = Task { try await retry.load(makeRequest()) }
        await gate.waitForArrivals(1)
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as LoadError {
            #expect(error.isCancellation)
        }
        #expect(mock.receivedRequests.count == 1)
    }

    @Test func parsesRetryAfterAsAnHTTPDate() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let later = now.addingTimeInterval(42)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let fields: HTTPFields = [.retryAfter: formatter.string(from: later)]
        #expect(RetryAfter.delay(in: fields, now: now) == .seconds(42))
    }
}
