import Locking
import HTTPLoading
import HTTPLoadingTesting
import Testing
import HTTPTypes

@Suite struct ThrottleLoaderTests {
    @Test func waitingRequestsRunInFIFOOrder() async throws {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 1)
        throttle --> mock
        let gate = MockGate()
        mock.respond(after: gate)
        for _ in 0..<5 { mock.respond() }

        let first = Task { try await throttle.load(makeRequest(id: "0")) }
        await mock.waitForRequests(1)
        var tasks: [Task<LoadResponse, any Error>] = []
        for index in 1...5 {
            tasks.append(Task { try await throttle.load(makeRequest(id: "\(index)")) })
            #expect(await eventually { throttle.waitingCount == index })
        }
        gate.open()
        _ = try await first.value
        for task in tasks { _ = try await task.value }
        #expect(mock.receivedRequests.map(\.testId) == ["0", "1", "2", "3", "4", "5"])
        #expect(throttle.runningCount == 0)
    }

    @Test func zeroPausesAndRaisingTheLimitDrainsTheQueue() async throws {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 0)
        throttle --> mock
        for _ in 0..<3 { mock.respond() }
        let tasks = (0..<3).map { index in Task { try await throttle.load(makeRequest(id: "\(index)")) } }
        #expect(await eventually { throttle.waitingCount == 3 })
        #expect(mock.receivedRequests.isEmpty)
        throttle.maximumConcurrentRequests = 2
        for task in tasks { _ = try await task.value }
        #expect(mock.receivedRequests.count == 3)
        #expect(throttle.waitingCount == 0 && throttle.runningCount == 0)
    }

    @Test func cancelledWaitersLeaveTheQueueWithoutLeaking() async throws {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 0)
        throttle --> mock
        let tasks = (0..<5).map { index in Task { try await throttle.load(makeRequest(id: "\(index)")) } }
        #expect(await eventually { throttle.waitingCount == 5 })
        for task in tasks.prefix(3) { task.cancel() }
        for task in tasks.prefix(3) {
            do {
                _ = try await task.value
                Issue.record("expected cancellation")
            } catch let error as LoadError {
                #expect(error.isCancellation)
            }
        }
        #expect(throttle.waitingCount == 2)
        mock.respond()
        mock.respond()
        throttle.maximumConcurrentRequests = 1
        for task in tasks.suffix(2) { _ = try await task.value }
        // Tasks 3 and 4 may have reached the queue in either order (FIFO has its own test).
        #expect(mock.receivedRequests.compactMap(\.testId).sorted() == ["3", "4"])
        #expect(throttle.waitingCount == 0 && throttle.runningCount == 0)
    }

    @Test func optedOutRequestsBypassAPausedThrottle() async throws {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 0)
        throttle --> mock
        mock.respond()
        var request = makeRequest()
        request.options[ThrottleOption.self] = .unthrottled
        #expect(try await throttle.load(request).status == .ok)
    }

    @Test func resetFailsWaitingRequests() async {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 0)
        throttle --> mock
        let task = Task { try await throttle.load(makeRequest()) }
        #expect(await eventually { throttle.waitingCount == 1 })
        await throttle.reset()
        do {
            _ = try await task.value
            Issue.record("expected failure")
        } catch let error as LoadError {
            #expect(error.code == .resetInProgress)
        } catch { Issue.record("unexpected \(error)") }
        #expect(throttle.waitingCount == 0)
        #expect(mock.resetCount == 1)
    }

    @Test func concurrencyNeverExceedsTheLimit() async throws {
        let mock = MockLoader()
        let throttle = ThrottleLoader(maximumConcurrentRequests: 3)
        throttle --> mock
        let peak = PeakCounter()
        for _ in 0..<40 {
            mock.enqueue { request in
                peak.enter()
                await Task.yield()
                peak.leave()
                return LoadResponse(request: request, status: .ok)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { _ = try await throttle.load(makeRequest()) } }
            try await group.waitForAll()
        }
        #expect(peak.maximum <= 3)
        #expect(mock.receivedRequests.count == 40)
    }
}

final class PeakCounter: Sendable {
    private let state = Locked<(current: Int, maximum: Int)>((0, 0))
    func enter() {
        state.withLock {
            $0.current += 1
            $0.maximum = max($0.maximum, $0.current)
        }
    }
    func leave() { state.withLock { $0.current -= 1 } }
    var maximum: Int { state.withLock { $0.maximum } }
}
