import FeedLoading
import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import LemmyTestServer
import Logging
import Resources
import Testing

// The DocC articles' swift blocks. Where a sample can run against a loopback test server or a
// mock it is a test as well, so the walkthrough is known to work, not only to compile.

func httpChainSamples(baseURL: URL, tokens: any AccessTokenProvider) async throws {
    // sample: http-chain
    let chain = LogLoader(logger: Logger(label: "http"))
        --> ServerEnvironmentLoader(ServerEnvironment(baseURL: baseURL, userAgent: "MyApp/1.0")!)
        --> ThrottleLoader(maximumConcurrentRequests: 4)
        --> RetryLoader(defaultStrategy: .exponential(retries: 2))
        --> BearerAuthLoader(provider: tokens)
        --> RedirectLoader()
        --> URLSessionLoader()
    // end-sample

    // sample: http-send
    var request = LoadRequest(path: "/post/list")
    request.options[TimeoutOption.self] = .seconds(10)
    let response = try await chain.load(request)
    // end-sample
    _ = response
}

@Suite struct ArticleSampleTests {
    @Test func httpTestingSample() async throws {
        // sample: http-test
        let mock = MockLoader()
        let gate = MockGate()
        let chain = ThrottleLoader(maximumConcurrentRequests: 1) --> mock
        mock.respond(after: gate)
        mock.respond()
        async let first = chain.load(LoadRequest(path: "/a"))
        async let second = chain.load(LoadRequest(path: "/b"))
        await gate.waitForArrivals(1)
        #expect(mock.receivedRequests.count == 1)   // the throttle holds the second request
        gate.open()
        _ = try await (first, second)
        #expect(mock.receivedRequests.count == 2)
        #expect(mock.unexpectedRequests.isEmpty)
        // end-sample
    }

    @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func lemmyAPISample(dialect: LemmyDialect) async throws {
        let server = try await LemmyTestServer.start(dialect: dialect)
        var refusal: LemmyErrorCode?
        do {
            // sample: lemmyapi-send
            let client = LemmyRawClient(instanceURL: server.baseURL)
            let post = try await client.send(LemmyAnyGeneration.GetPost(ApiGetPost(id: 1))).postView
            print(post.post.name)                          // v3 GetPost on 0.18/0.19, v4 on 1.0
            // end-sample
            #expect(post.post.id == 1)

            // sample: lemmyapi-errors
            do throws(LemmyClientError) {
                _ = try await client.send(LemmyAnyGeneration.GetPost(ApiGetPost(id: 999_999)))
            } catch {
                switch error {
                case .server(let lemmy) where lemmy.code == .couldntFindPost || lemmy.code == .notFound:   // 1.0: not_found
                    print("no such post")
                case .rateLimited(_, let retryAfter):
                    print("rate limited; try again in \(retryAfter ?? .seconds(60))")
                case .unavailableInVersion(let missing):
                    print("this server's version lacks \(missing)")
                default:
                    print(error.isRetryable ? "try again: \(error)" : "failed: \(error)")
                }
            }
            // end-sample
            do throws(LemmyClientError) {
                _ = try await client.send(LemmyAnyGeneration.GetPost(ApiGetPost(id: 999_999)))
            } catch {
                refusal = error.lemmyErrorCode
            }
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
        #expect(refusal == (dialect == .v1_0 ? .notFound : .couldntFindPost))
    }

    @MainActor @Test func resourcesSample() async throws {
        let server = try await LemmyTestServer.start(dialect: .v0_19)
        let clock = ManualResourceClock()
        do {
            // sample: resources-typed
            struct Site: Decodable, Sendable { var version: String }
            let service = ResourceService(baseURL: server.baseURL.appendingPathComponent("api/v3"),
                                          loader: URLSessionLoader(), clock: clock.resourceClock)
            let site = service.resource("/site", decoding: Site.self)
            #expect(service.resource("/site", decoding: Site.self) == site)   // one resource per URL
            let rules: DisplayRules = .standard
            #expect(rules.decide([site.loadableStatus]) == .nothing)
            let loaded = try await site.load()
            #expect(rules.decide([site.loadableStatus]) == .content)
            // end-sample
            #expect(loaded.version == LemmyDialect.v0_19.versionString)

            // sample: resources-fake
            let preview = TypedResource<Site>.fake(Site(version: "0.19.3"))
            let failing = TypedResource<Site>.fakeFailure(message: "offline")
            #expect(preview.content?.version == "0.19.3")
            #expect(rules.decide([failing.loadableStatus]) == .error(message: "offline", canTryAgain: true))
            // end-sample
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    @Test func testServerSample() async throws {
        // sample: testserver-fault
        let server = try await LemmyTestServer.start(dialect: .v1_0, scale: .small)
        server.faults.add(FaultRule(.tooManyRequests(retryAfterSeconds: 2), route: "/post/list", count: 1))
        let client = LemmyRawClient(instanceURL: server.baseURL, loader: URLSessionLoader())   // no retries
        var query = ApiGetPosts()
        query.limit = 5
        do throws(LemmyClientError) {
            _ = try await client.send(LemmyV4.GetPosts(query))
            Issue.record("the first list should be refused")
        } catch {
            #expect(error.isRetryable)                    // .rateLimited, with the server's Retry-After
        }
        let page = try await client.send(LemmyV4.GetPosts(query))   // the rule fired once
        #expect(page.items.count == 5)
        await server.stop()
        // end-sample
    }
}

func testServerOverview() async throws {
    // sample: testserver-overview
    let server = try await LemmyTestServer.start(dialect: .v0_19, scale: .small)
    // server.baseURL == http://127.0.0.1:<port>, API under /api/v3
    server.faults.add(FaultRule(.tooManyRequests(retryAfterSeconds: 2), route: "/post/list", count: 1))
    await server.stop()
    // end-sample
}
