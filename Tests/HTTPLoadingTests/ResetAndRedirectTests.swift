import Locking
import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Testing

@Suite struct ResetAndRedirectTests {
    @Test func resetGuardRefusesRequestsWhileResettingAndJoinsASecondReset() async throws {
        let gate = MockGate()
        let slowReset = SlowResetLoader(gate: gate)
        let guardLoader = ResetGuardLoader()
        guardLoader --> slowReset
        let first = Task { await guardLoader.reset() }
        await gate.waitForArrivals(1)
        #expect(guardLoader.isResetting)
        do {
            _ = try await guardLoader.load(makeRequest())
            Issue.record("expected refusal")
        } catch {
            #expect(error.code == .resetInProgress)
        }
        let second = Task { await guardLoader.reset() }
        gate.open()
        await first.value
        await second.value
        #expect(slowReset.resets == 1)
        #expect(!guardLoader.isResetting)
    }

    @Test func resetGuardCanCancelEverythingInFlight() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        for _ in 0..<3 { mock.respond(after: gate) }
        let guardLoader = ResetGuardLoader(cancelsInFlightRequests: true)
        guardLoader --> mock
        let tasks = (0..<3).map { _ in Task { try await guardLoader.load(makeRequest()) } }
        await gate.waitForArrivals(3)
        await guardLoader.reset()
        for task in tasks {
            do {
                _ = try await task.value
                Issue.record("expected cancellation")
            } catch let error as LoadError {
                #expect(error.isCancellation)
            }
        }
        #expect(mock.resetCount == 1)
    }

    @Test func redirectsFollowUpToTheLimit() async throws {
        let mock = MockLoader()
        for index in 0..<3 { mock.respond(status: .found, headerFields: [.location: "/hop\(index)"]) }
        mock.respond()
        let chain = RedirectLoader() --> mock
        let response = try await chain.load(makeRequest())
        #expect(response.status == .ok)
        #expect(mock.receivedRequests.map(\.head.path) == ["/thing", "/hop0", "/hop1", "/hop2"])

        for _ in 0..<3 { mock.respond(status: .found, headerFields: [.location: "/again"]) }
        var limited = makeRequest()
        limited.options[RedirectLimitOption.self] = 2
        do {
            _ = try await chain.load(limited)
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .tooManyRedirects)
        }
    }

    @Test func crossOriginRedirectsDropCredentials() async throws {
        let mock = MockLoader()
        mock.respond(status: .temporaryRedirect, headerFields: [.location: "https://example.test/same"])
        mock.respond(status: .temporaryRedirect, headerFields: [.location: "https://other.test/else"])
        mock.respond()
        let chain = RedirectLoader() --> mock
        var request = makeRequest()
        request.headerFields[.authorization] = "Bearer secret"
        request.headerFields[.cookie] = "jwt=secret"
        _ = try await chain.load(request)
        let sent = mock.receivedRequests
        #expect(sent[1].headerFields[.authorization] == "Bearer secret")
        #expect(sent[2].headerFields[.authorization] == nil)
        #expect(sent[2].headerFields[.cookie] == nil)
    }

    @Test func httpsIsNeverDowngraded() async {
        let mock = MockLoader()
        mock.respond(status: .movedPermanently, headerFields: [.location: "http://example.test/plain"])
        let chain = RedirectLoader() --> mock
        do {
            _ = try await chain.load(makeRequest())
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .invalidRedirect)
        }
    }

    @Test func seeOtherTurnsAPostIntoAGetWithoutBody() async throws {
        let mock = MockLoader()
        mock.respond(status: .seeOther, headerFields: [.location: "/result"])
        mock.respond()
        let chain = RedirectLoader() --> mock
        var request = makeRequest(.post, "/submit")
        request.body = DataBody(Data("x".utf8), contentType: "text/plain")
        _ = try await chain.load(request)
        #expect(mock.receivedRequests[1].method == .get)
        #expect(mock.receivedRequests[1].body.isEmpty)
    }
}

/// A loader whose reset waits at a gate, to hold a reset open.
final class SlowResetLoader: HTTPLoader {
    let gate: MockGate
    private let count = Locked(0)
    init(gate: MockGate) { self.gate = gate }
    var resets: Int { count.withLock { $0 } }
    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse { LoadResponse(request: request, status: .ok) }
    func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        count.withLock { $0 += 1 }
        try? await gate.wait()
    }
}
