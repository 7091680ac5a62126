import Foundation
@testable import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Testing

@Suite struct AuthLoaderTests {
    /// A mock answering 401 to the old token (once `rejections` opens) and 200 to anything else.
    private func tokenCheckingMock(count: Int, rejections: MockGate) -> MockLoader {
        let mock = MockLoader()
        for _ in 0..<count {
            mock.enqueue { request in
                let ok = request.headerFields[.authorization] != "Bearer old"
                if !ok { try await rejections.wait() }
                return LoadResponse(request: request, status: ok ? .ok : .unauthorized)
            }
        }
        return mock
    }

    @Test func addsTheBearerTokenAndPassesGuestsThrough() async throws {
        let mock = MockLoader()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "tok"))
        auth --> mock
        mock.respond()
        _ = try await auth.load(makeRequest())
        #expect(mock.receivedRequests[0].headerFields[.authorization] == "Bearer tok")

        let guestMock = MockLoader()
        let guest = BearerAuthLoader(provider: ScriptedTokenProvider(initial: String?.none))
        guest --> guestMock
        guestMock.respond()
        _ = try await guest.load(makeRequest())
        #expect(guestMock.receivedRequests[0].headerFields[.authorization] == nil)
    }

    @Test func refreshesOnceWhileTenRequestsWaitThenReplaysEachOnce() async throws {
        let rejections = MockGate()
        let mock = tokenCheckingMock(count: 21, rejections: rejections)
        let refreshGate = MockGate()
        let provider = ScriptedTokenProvider(initial: "old", refreshGate: refreshGate)
        let auth = BearerAuthLoader(provider: provider)
        auth --> mock
        let tasks = (0..<10).map { index in Task { try await auth.load(makeRequest(id: "\(index)")) } }
        // All ten hold the old token before any learns it was rejected.
        await mock.waitForRequests(10)
        rejections.open()
        await refreshGate.waitForArrivals(1)
        // A request arriving during the refresh waits for the new token instead of sending the old.
        let late = Task { try await auth.load(makeRequest(id: "late")) }
        refreshGate.open()
        for task in tasks { #expect(try await task.value.status == .ok) }
        #expect(try await late.value.status == .ok)
        #expect(provider.refreshCount == 1)
        let sent = mock.receivedRequests
        #expect(sent.count == 21)
        for index in 0..<10 {
            let attempts = sent.filter { $0.testId == "\(index)" }.map { $0.headerFields[.authorization] }
            #expect(attempts == ["Bearer old", "Bearer new"])
        }
        #expect(sent.filter { $0.testId == "late" }.map { $0.headerFields[.authorization] } == ["Bearer new"])
    }

    @Test func aFailedRefreshFailsEveryWaitingRequest() async throws {
        let rejections = MockGate()
        let mock = tokenCheckingMock(count: 10, rejections: rejections)
        let refreshGate = MockGate()
        let provider = ScriptedTokenProvider(initial: "old", refreshGate: refreshGate, refreshFails: true)
        let auth = BearerAuthLoader(provider: provider)
        auth --> mock
        let tasks = (0..<10).map { index in Task { try await auth.load(makeRequest(id: "\(index)")) } }
        await mock.waitForRequests(10)
        rejections.open()
        refreshGate.open()
        for task in tasks {
            do {
                _ = try await task.value
                Issue.record("expected failure")
            } catch let error as LoadError {
                #expect(error.code == .authenticationFailed)
            }
        }
        #expect(provider.refreshCount == 1)
        #expect(mock.receivedRequests.count == 10)
    }

    @Test func aTokenRejectedAfterRefreshFailsWithoutLooping() async throws {
        let mock = MockLoader()
        mock.respond(status: .unauthorized)
        mock.respond(status: .unauthorized)
        let provider = ScriptedTokenProvider(initial: "old")
        let auth = BearerAuthLoader(provider: provider)
        auth --> mock
        await expectRefusedTwice(through: auth)
        #expect(mock.receivedRequests.count == 2)
    }

    /// A validation loader below turns the 401 into an error that keeps the response: the token is
    /// still refreshed and the request replayed, and a second refusal still ends the request.
    @Test func aRefusalCarriedByAnErrorIsRecognisedToo() async throws {
        let mock = MockLoader()
        mock.respond(status: .unauthorized)
        mock.respond()
        let provider = ScriptedTokenProvider(initial: "old")
        let auth = BearerAuthLoader(provider: provider)
        auth --> ValidationLoader() --> mock
        #expect(try await auth.load(makeRequest()).status == .ok)
        #expect(provider.refreshCount == 1)
        #expect(mock.receivedRequests.map { $0.headerFields[.authorization] } == ["Bearer old", "Bearer new"])

        mock.respond(status: .unauthorized)
        mock.respond(status: .unauthorized)
        let rejecting = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "old"))
        rejecting --> ValidationLoader() --> mock
        await expectRefusedTwice(through: rejecting)
        #expect(mock.receivedRequests.count == 4)
    }

    /// Loads a request through `loader` and checks that it fails as a token refused again after
    /// its refresh does: authentication failed, with the refusing response.
    private func expectRefusedTwice(through loader: BearerAuthLoader) async {
        do {
            _ = try await loader.load(makeRequest())
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .authenticationFailed)
            #expect(error.response?.status == .unauthorized)
        }
    }

    @Test func aTokenArrivingAfterAResetIsDiscarded() async throws {
        let rejections = MockGate()
        rejections.open()
        let mock = tokenCheckingMock(count: 1, rejections: rejections)
        let refreshGate = MockGate()
        let provider = ScriptedTokenProvider(initial: "old", refreshGate: refreshGate)
        let auth = BearerAuthLoader(provider: provider)
        auth --> mock
        let task = Task { try await auth.load(makeRequest()) }
        await refreshGate.waitForArrivals(1)
        await auth.reset()
        refreshGate.open()
        do {
            _ = try await task.value
            Issue.record("expected failure")
        } catch let error as LoadError {
            #expect(error.code == .resetInProgress || error.code == .cancelled)
        }
        #expect(mock.receivedRequests.count == 1)
    }

    /// The loader keeps the fields it made for the last request, to give them to the next request
    /// with the same fields: each request must still get its own fields with the token.
    @Test func eachRequestGetsItsOwnFieldsWithTheToken() async throws {
        let mock = MockLoader()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "tok"))
        auth --> mock
        let ids = ["a", "b", "a", nil, "b"]
        for _ in ids { mock.respond() }
        for id in ids { _ = try await auth.load(makeRequest(id: id)) }
        let sent = mock.receivedRequests.map { Array($0.headerFields) }
        let expected = ids.map { id in
            var fields = makeRequest(id: id).headerFields
            fields[.authorization] = "Bearer tok"
            return Array(fields)
        }
        #expect(sent == expected)
    }

    /// Fields equal by name and value may still differ in how HTTP/2 compresses them: a request
    /// that asks for a field never to be indexed (a secret) must not get the last request's
    /// field instead.
    @Test func aFieldsIndexingStrategyIsKeptWhenItsValueMatchesTheLastRequests() async throws {
        let mock = MockLoader()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "tok"))
        auth --> mock
        mock.respond()
        mock.respond()
        let name = HTTPField.Name("X-Secret")!
        var first = makeRequest()
        first.headerFields.append(HTTPField(name: name, value: "s"))
        var second = makeRequest()
        var secret = HTTPField(name: name, value: "s")
        secret.indexingStrategy = .disallow
        second.headerFields.append(secret)
        _ = try await auth.load(first)
        _ = try await auth.load(second)
        let strategies = mock.receivedRequests.map { $0.headerFields.first { $0.name == name }?.indexingStrategy }
        #expect(strategies == [.automatic, .disallow])
        #expect(mock.receivedRequests.allSatisfy { $0.headerFields[.authorization] == "Bearer tok" })
    }

    /// Fields equal by `==` may still differ in what goes on the wire: a name's case (HTTP/1.1
    /// sends it as written) and a value's Unicode form. Each request keeps its own.
    @Test func aRequestKeepsItsFieldsBytesWhenTheyEqualTheLastRequestsLoosely() async throws {
        let mock = MockLoader()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "tok"))
        auth --> mock
        for _ in 0..<2 { mock.respond() }
        var first = makeRequest()
        first.headerFields.append(HTTPField(name: HTTPField.Name("X-Title")!, value: "caf\u{E9}"))
        var second = makeRequest()
        second.headerFields.append(HTTPField(name: HTTPField.Name("x-title")!, value: "cafe\u{301}"))
        #expect(first.headerFields == second.headerFields)
        _ = try await auth.load(first)
        _ = try await auth.load(second)
        let sent = mock.receivedRequests.map { request in
            request.headerFields.first { $0.name == HTTPField.Name("x-title")! }.map {
                [$0.name.rawName] + [Array($0.value.utf8).description]
            }
        }
        #expect(sent == [["X-Title", Array("caf\u{E9}".utf8).description], ["x-title", Array("cafe\u{301}".utf8).description]])
    }

    /// A refresh replaces the token: a later request with the same fields as one sent before it
    /// carries the new token, not the fields made with the old one.
    @Test func aRefreshedTokenIsAddedToLaterRequestsWithTheSameFields() async throws {
        let mock = MockLoader()
        mock.respond()
        mock.respond(status: .unauthorized)
        mock.respond()
        mock.respond()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "old"))
        auth --> mock
        _ = try await auth.load(makeRequest())
        _ = try await auth.load(makeRequest())
        _ = try await auth.load(makeRequest())
        #expect(mock.receivedRequests.map { $0.headerFields[.authorization] } == ["Bearer old", "Bearer old", "Bearer new", "Bearer new"])
    }

    /// The fields kept for the next request hold the token and the last request's fields: a
    /// reset and a refresh drop them with the token they were made with.
    @Test func keptFieldsGoWithTheirToken() async throws {
        let mock = MockLoader()
        mock.respond()
        mock.respond()
        mock.respond(status: .unauthorized)
        mock.respond()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "old"))
        auth --> mock
        _ = try await auth.load(makeRequest())
        #expect(auth.keepsAuthorizedFields)
        await auth.reset()
        #expect(!auth.keepsAuthorizedFields)
        _ = try await auth.load(makeRequest())
        #expect(auth.keepsAuthorizedFields)
        _ = try await auth.load(makeRequest())
        // A refused token is replaced: the replay carries the new one, and nothing made with
        // the old one is kept.
        #expect(mock.receivedRequests.last?.headerFields[.authorization] == "Bearer new")
        #expect(!auth.keepsAuthorizedFields)
    }

    /// After a reset, the next request reads the token again and carries the new one, also when
    /// its fields are the same as the last request's.
    @Test func aResetTokenIsNotAddedToTheNextRequest() async throws {
        let mock = MockLoader()
        let provider = ScriptedTokenProvider(initial: "old")
        let auth = BearerAuthLoader(provider: provider)
        auth --> mock
        mock.respond()
        mock.respond()
        _ = try await auth.load(makeRequest())
        provider.setCurrent("fresh")
        await auth.reset()
        _ = try await auth.load(makeRequest())
        #expect(mock.receivedRequests.map { $0.headerFields[.authorization] } == ["Bearer old", "Bearer fresh"])
    }

    @Test func requestsForAnotherMethodAreNotTouched() async throws {
        let mock = MockLoader()
        let auth = BearerAuthLoader(provider: ScriptedTokenProvider(initial: "tok"))
        auth --> mock
        mock.respond()
        var request = makeRequest()
        request.options[AuthenticationMethodOption.self] = AuthenticationMethod.none
        _ = try await auth.load(request)
        #expect(mock.receivedRequests[0].headerFields[.authorization] == nil)
    }

    @Test func basicAuthAsksTheProviderOnceForConcurrentRequests() async throws {
        let mock = MockLoader()
        for _ in 0..<5 { mock.respond() }
        let asked = PeakCounter()
        let gate = MockGate()
        let auth = BasicAuthLoader(provider: {
            asked.enter()
            try await gate.wait()
            return BasicCredentials(username: "user", password: "pass")
        })
        auth --> mock
        let tasks = (0..<5).map { _ in Task { try await auth.load(makeRequest()) } }
        await gate.waitForArrivals(1)
        gate.open()
        for task in tasks { _ = try await task.value }
        #expect(asked.maximum == 1)
        #expect(Set(mock.receivedRequests.map { $0.headerFields[.authorization] }) == ["Basic dXNlcjpwYXNz"])
        #expect(auth.credentials?.username == "user")
        await auth.reset()
        #expect(auth.credentials == nil)
    }

    @Test func basicAuthPrefersPerRequestCredentialsAndFailsWithoutAny() async throws {
        let mock = MockLoader()
        mock.respond()
        let auth = BasicAuthLoader()
        auth --> mock
        var request = makeRequest()
        request.options[BasicCredentialsOption.self] = BasicCredentials(username: "a", password: "b")
        _ = try await auth.load(request)
        #expect(mock.receivedRequests[0].headerFields[.authorization] == BasicCredentials(username: "a", password: "b").headerValue)
        do {
            _ = try await auth.load(makeRequest())
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .authenticationFailed)
        }
    }
}
