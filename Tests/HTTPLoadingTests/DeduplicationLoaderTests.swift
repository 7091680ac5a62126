@testable import HTTPLoading
import HTTPLoadingTesting
import Testing
import HTTPTypes

@Suite struct DeduplicationLoaderTests {
    @Test func identicalRequestsInFlightShareOneLoad() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(body: .init("shared".utf8), after: gate)
        let tasks = (0..<3).map { _ in Task { try await dedupe.load(makeRequest()) } }
        #expect(await eventually { dedupe.followerCount == 2 })
        gate.open()
        for task in tasks { #expect(try await task.value.body == .init("shared".utf8)) }
        #expect(mock.receivedRequests.count == 1)
        #expect(dedupe.inFlightCount == 0)
    }

    @Test func differentRequestsAndPostsAreNotShared() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        for _ in 0..<3 { mock.respond() }
        _ = try await dedupe.load(makeRequest(.get, "/a"))
        _ = try await dedupe.load(makeRequest(.get, "/b"))
        _ = try await dedupe.load(makeRequest(.post, "/a"))
        #expect(mock.receivedRequests.count == 3)
    }

    /// The key hashes the target alone: requests for one target whose header fields differ
    /// (another account's token, another language) are different requests, each sent.
    @Test func requestsForOneTargetWithOtherFieldsAreNotShared() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(body: .init("a".utf8), after: gate)
        mock.respond(body: .init("b".utf8), after: gate)
        let first = Task { try await dedupe.load(makeRequest(id: "a")) }
        #expect(await eventually { dedupe.inFlightCount == 1 })
        let second = Task { try await dedupe.load(makeRequest(id: "b")) }
        #expect(await eventually { dedupe.inFlightCount == 2 })
        #expect(dedupe.followerCount == 0)
        gate.open()
        #expect(try await first.value.body == .init("a".utf8))
        #expect(try await second.value.body == .init("b".utf8))
        #expect(mock.receivedRequests.map(\.testId) == ["a", "b"])
        #expect(dedupe.inFlightCount == 0)
    }

    /// A flight ends under the key that opened it: once it has landed, the next identical
    /// request opens a new one instead of finding the old.
    @Test func aLandedFlightIsGoneForTheNextIdenticalRequest() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        mock.respond(body: .init("1".utf8))
        mock.respond(body: .init("2".utf8))
        #expect(try await dedupe.load(makeRequest()).body == .init("1".utf8))
        #expect(dedupe.inFlightCount == 0)
        #expect(try await dedupe.load(makeRequest()).body == .init("2".utf8))
        #expect(mock.receivedRequests.count == 2)
    }

    /// Each request that finds a flight in progress joins it without undoing the joins before
    /// it: a second follower that arrives after the first has joined waits too.
    @Test func aSecondFollowerKeepsTheFirst() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(body: .init("shared".utf8), after: gate)
        let leader = Task { try await dedupe.load(makeRequest()) }
        await gate.waitForArrivals(1)
        let first = Task { try await dedupe.load(makeRequest()) }
        #expect(await eventually { dedupe.followerCount == 1 })
        let second = Task { try await dedupe.load(makeRequest()) }
        let bothWait = await eventually { dedupe.followerCount == 2 }
        #expect(bothWait)
        gate.open()
        // A follower lost from the flight would wait forever: not awaited then.
        guard bothWait else { return }
        for task in [leader, first, second] { #expect(try await task.value.body == .init("shared".utf8)) }
        #expect(mock.receivedRequests.count == 1)
        #expect(dedupe.inFlightCount == 0)
    }

    @Test func aFollowersCancellationOnlyDetachesIt() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(after: gate)
        let leader = Task { try await dedupe.load(makeRequest()) }
        await mock.waitForRequests(1)
        let follower = Task { try await dedupe.load(makeRequest()) }
        #expect(await eventually { dedupe.followerCount == 1 })
        follower.cancel()
        do {
            _ = try await follower.value
            Issue.record("expected cancellation")
        } catch let error as LoadError {
            #expect(error.isCancellation)
        }
        gate.open()
        #expect(try await leader.value.status == .ok)
    }

    @Test func theLeadersCancellationMakesTheFollowerSendItself() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(after: gate)
        mock.respond(body: .init("second".utf8))
        let leader = Task { try await dedupe.load(makeRequest()) }
        await mock.waitForRequests(1)
        let follower = Task { try await dedupe.load(makeRequest()) }
        #expect(await eventually { dedupe.followerCount == 1 })
        leader.cancel()
        do {
            _ = try await leader.value
            Issue.record("expected cancellation")
        } catch let error as LoadError {
            #expect(error.isCancellation)
        }
        #expect(try await follower.value.body == .init("second".utf8))
        #expect(mock.receivedRequests.count == 2)
    }

    @Test func whenTheOnlyCallerLeavesTheLoadIsCancelled() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader()
        dedupe --> mock
        let gate = MockGate()
        mock.respond(after: gate)
        let only = Task { try await dedupe.load(makeRequest()) }
        await gate.waitForArrivals(1)
        only.cancel()
        _ = try? await only.value
        #expect(await eventually { gate.waitingCount == 0 })
        #expect(dedupe.inFlightCount == 0)
        mock.respond()
        #expect(try await dedupe.load(makeRequest()).status == .ok)
        #expect(mock.receivedRequests.count == 2)
    }

    @Test func anExplicitKeySharesNonGETRequests() async throws {
        let mock = MockLoader()
        let dedupe = DeduplicationLoader(automaticKeys: .off)
        dedupe --> mock
        let gate = MockGate()
        mock.respond(after: gate)
        var request = makeRequest(.post, "/vote")
        request.options[DeduplicationKeyOption.self] = "vote-1"
        let tasks = (0..<2).map { _ in Task { [request] in try await dedupe.load(request) } }
        #expect(await eventually { dedupe.followerCount == 1 })
        gate.open()
        for task in tasks { _ = try await task.value }
        #expect(mock.receivedRequests.count == 1)
    }
}
