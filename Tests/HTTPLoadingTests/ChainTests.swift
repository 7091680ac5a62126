import Foundation
import HTTPLoading
import HTTPLoadingTesting
import Testing
import HTTPTypes

@Suite struct ChainTests {
    @Test func arrowWiresRightToLeftAndReturnsTheHead() async throws {
        let mock = MockLoader()
        let first = ModifyRequestLoader { $0.headerFields[.init("X-First")!] = "1" }
        let second = ModifyRequestLoader { $0.headerFields[.init("X-Second")!] = "2" }
        let chain = first --> second --> mock
        #expect(chain === first)
        #expect(second.next.connected === mock)
        mock.respond()
        _ = try await chain.load(makeRequest())
        let sent = try #require(mock.receivedRequests.first)
        #expect(sent.headerFields[.init("X-First")!] == "1")
        #expect(sent.headerFields[.init("X-Second")!] == "2")
    }

    @Test func aLoaderWithoutNextFailsWithNoNextLoader() async {
        let loader = ModifyRequestLoader { _ in }
        await #expect(throws: LoadError.self) { _ = try await loader.load(makeRequest()) }
        do { _ = try await loader.load(makeRequest()) } catch { #expect(error.code == .noNextLoader) }
    }

    @Test func resetReachesEachLoaderOnceInAGraph() async {
        let shared = MockLoader()
        let left = ModifyRequestLoader { _ in }
        let right = ModifyRequestLoader { _ in }
        left --> shared
        right --> shared
        let router = RouterLoader(routes: [.host("a.test", to: left)], fallback: right)
        let head = ResetGuardLoader() --> router
        await head.reset()
        #expect(shared.resetCount == 1)
        await head.reset()
        #expect(shared.resetCount == 2)
    }

    @Test func routerRoutesByOptionAndByHost() async throws {
        let basic = MockLoader()
        let bearer = MockLoader()
        let other = MockLoader()
        let router = RouterLoader(
            routes: [
                .option(AuthenticationMethodOption.self, equals: .basic, to: basic),
                .host("bearer.test", to: bearer),
            ],
            fallback: other
        )
        basic.respond()
        bearer.respond()
        other.respond()
        var request = makeRequest()
        request.options[AuthenticationMethodOption.self] = .basic
        _ = try await router.load(request)
        _ = try await router.load(LoadRequest(url: URL(string: "https://BEARER.test/x")!))
        _ = try await router.load(makeRequest())
        #expect(basic.receivedRequests.count == 1)
        #expect(bearer.receivedRequests.count == 1)
        #expect(other.receivedRequests.count == 1)
    }

    @Test func routerWithoutMatchingRouteFails() async {
        let router = RouterLoader(routes: [.host("a.test", to: MockLoader())])
        do {
            _ = try await router.load(makeRequest())
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .noNextLoader)
        }
    }

    @Test func mockReportsAnUnexpectedRequestClearly() async {
        let mock = MockLoader()
        do {
            _ = try await mock.load(makeRequest(.post, "/surprise"))
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .unexpectedRequest)
            #expect(error.message?.contains("POST /surprise") == true)
        }
        #expect(mock.unexpectedRequests == ["POST https://example.test/surprise"])
    }

    @Test func optionsHaveTypedDefaultsAndOverrides() {
        var options = RequestOptions()
        #expect(options[TimeoutOption.self] == .seconds(60))
        #expect(!options.contains(TimeoutOption.self))
        options[TimeoutOption.self] = .seconds(5)
        #expect(options[TimeoutOption.self] == .seconds(5))
        #expect(options.contains(TimeoutOption.self))
        #expect(options[RedirectLimitOption.self] == 10)
    }

    /// An option whose value is optional but whose default is not `nil`.
    private enum PageHintOption: RequestOption {
        static let defaultValue: Int? = 20
    }

    @Test func anAbsentOptionalOptionReadsAsItsDefaultNotAsNil() {
        var options = RequestOptions()
        options[TimeoutOption.self] = .seconds(5)
        #expect(options[PageHintOption.self] == 20)
        options[PageHintOption.self] = nil
        #expect(options[PageHintOption.self] == nil)
        options[PageHintOption.self] = 3
        #expect(options[PageHintOption.self] == 3)
    }
}
