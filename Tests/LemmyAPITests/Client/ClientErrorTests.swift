import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import LemmyAPI
import Testing

@Suite("Typed client errors")
struct ClientErrorTests {
    /// Sends GetPost to a mock answering `status`, `body`, `headers`; returns the error.
    static func error(
        status: Int, body: Data, headers: HTTPFields = [:], version: String = "0.19.3"
    ) async -> LemmyClientError? {
        let mock = MockLoader()
        mock.respond(status: HTTPResponse.Status(code: status), headerFields: headers, body: body)
        let client = ClientTestSupport.client(version, mock: mock)
        do {
            if version.hasPrefix("1.") {
                _ = try await client.send(LemmyV4.GetPost(ApiGetPost(id: 1)))
            } else {
                _ = try await client.send(LemmyV3.GetPost(ApiGetPost(id: 1)))
            }
            return nil
        } catch {
            return error
        }
    }

    static let fixtures: [(String, Int, LemmyErrorCode, String?, String?)] = [
        ("errors/captured_v0.19.0_incorrect_login_lemmy.zip.json", 401, .incorrectLogin, nil, nil),
        ("errors/captured_v0.17.3_couldnt_find_community_lemmy.one.json", 404, .couldntFindCommunity, nil, nil),
        ("errors/captured_v0.19-unknown_couldnt_find_community_via-mbin-log.json", 404, .couldntFindCommunity, nil, nil),
        ("errors/captured_v0.19-dev_unknown_with_message_localhost.json", 400, .unknown("unknown"), "Json deserialize error", nil),
        ("errors/server-asserted_v0.19.13_banned.json", 400, .banned, nil, nil),
        ("errors/server-asserted_v0.19.13_person_is_banned_from_site_with_message.json", 400, .personIsBannedFromSite, "reason", nil),
        ("errors/server-asserted_v1.0-main_blocked_url.json", 400, .blockedUrl, nil, "BlockedUrl"),
        (
            "errors/server-asserted_v1.0-main_pictrs_response_error_with_message.json", 400, .pictrsResponseError, "reason",
            "PictrsResponseError"
        ),
        ("errors/server-asserted_v1.0-main_domain_blocked_untranslated.json", 400, .domainBlocked, "test", "DomainBlocked"),
    ]

    @Test("Every error fixture becomes .server with its code, message and cause", arguments: fixtures.map(\.0))
    func fixture(_ path: String) async throws {
        let (_, status, code, message, cause) = try #require(Self.fixtures.first { $0.0 == path })
        let version = path.contains("v1.0") ? "1.0.0" : "0.19.3"
        let error = await Self.error(status: status, body: try Fixtures.data(path), version: version)
        guard case .server(let server)? = error else {
            Issue.record("expected .server, got \(String(describing: error))")
            return
        }
        #expect(server.code == code)
        #expect(server.status == status)
        #expect(server.cause == cause)
        if let message { #expect(server.message?.hasPrefix(message) == true) } else { #expect(server.message == nil) }
        #expect(error?.isRetryable == false && error?.isCancellation == false)
        #expect(error?.lemmyErrorCode == code)
    }

    @Test("The table covers every file in errors/")
    func complete() {
        #expect(Set(Fixtures.allFiles().filter { $0.hasPrefix("errors/") }) == Set(Self.fixtures.map(\.0)))
    }

    @Test("0.18 text/plain: a bare code, or a message")
    func textPlain() async {
        let plain: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        let code = await Self.error(status: 404, body: Data("couldnt_find_post".utf8), headers: plain, version: "0.18.5")
        guard case .server(let server)? = code else {
            Issue.record("got \(String(describing: code))")
            return
        }
        #expect(server.code == .couldntFindPost)
        let message = await Self.error(
            status: 400, body: Data("Query deserialize error: invalid digit found in string".utf8), headers: plain, version: "0.18.5")
        guard case .server(let other)? = message else {
            Issue.record("got \(String(describing: message))")
            return
        }
        #expect(other.message == "Query deserialize error: invalid digit found in string")
    }

    @Test("0.18/0.19 rate limit: 400 rate_limit_error is retryable")
    func rateLimit400() async {
        let error = await Self.error(status: 400, body: Data(#"{"error":"rate_limit_error"}"#.utf8), version: "0.18.5")
        guard case .rateLimited(let server, let retryAfter)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(server.code == .rateLimitError && retryAfter == nil)
        #expect(error?.isRetryable == true)
    }

    @Test("1.0 rate limit: 429 too_many_requests with Retry-After, and the older empty 429")
    func rateLimit429() async {
        let error = await Self.error(
            status: 429, body: Data(#"{"error":"too_many_requests"}"#.utf8), headers: [.retryAfter: "7"], version: "1.0.0")
        guard case .rateLimited(let server, let retryAfter)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(server.code == .tooManyRequests && retryAfter == .seconds(7))
        let empty = await Self.error(status: 429, body: Data(), version: "1.0.0")
        guard case .rateLimited(let emptyServer, nil)? = empty else {
            Issue.record("got \(String(describing: empty))")
            return
        }
        #expect(emptyServer.code == .tooManyRequests && empty?.isRetryable == true)
    }

    @Test("A status without a Lemmy body: HTML proxy page, empty 502, JSON without error")
    func httpStatus() async {
        let html = await Self.error(
            status: 502, body: Data("<html><body>Bad Gateway</body></html>".utf8), headers: [.contentType: "text/html"])
        guard case .httpStatus(502, "text/html", let body)? = html else {
            Issue.record("got \(String(describing: html))")
            return
        }
        #expect(body.count > 0 && html?.isRetryable == true)
        let empty = await Self.error(status: 503, body: Data())
        guard case .httpStatus(503, nil, _)? = empty else {
            Issue.record("got \(String(describing: empty))")
            return
        }
        let json = await Self.error(status: 500, body: Data(#"{"detail":"oops"}"#.utf8))
        guard case .httpStatus(500, _, _)? = json else {
            Issue.record("got \(String(describing: json))")
            return
        }
    }

    static let badPayloads: [(String, String, String)] = [
        ("malformed", #"{"post_view": {"post": "#, ""),
        (
            "truncated",
            String(decoding: (try? Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json"))?.prefix(2000) ?? Data(), as: UTF8.self),
            ""
        ),
        ("wrong type", #"{"post_view":{"post":{"id":"seven"}},"community_view":{},"moderators":[],"cross_posts":[]}"#, "post_view.post.id"),
        ("missing member", #"{"community_view":{},"moderators":[],"cross_posts":[]}"#, "post_view"),
        ("not an object", #"[1,2,3]"#, ""),
    ]

    @Test("Malformed, truncated and wrongly typed 2xx bodies: .decoding with the payload and path", arguments: badPayloads.map(\.0))
    func decoding(_ name: String) async throws {
        let (_, payload, path) = try #require(Self.badPayloads.first { $0.0 == name })
        let error = await Self.error(status: 200, body: Data(payload.utf8))
        guard case .decoding(let failure)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(failure.payload == Data(payload.utf8))
        #expect(failure.typeName == "ApiGetPostResponse")
        if !path.isEmpty { #expect(failure.codingPath.hasPrefix(path)) }
        #expect(error?.description.contains("ApiGetPostResponse") == true)
    }

    @Test("A wrongly typed timestamp deep in a real payload names its path")
    func deepPath() async throws {
        var text = String(decoding: try Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json"), as: UTF8.self)
        let range = try #require(text.range(of: #""published": ""#))
        text.replaceSubrange(range, with: #""published":42,"ignored":""#)
        let mock = MockLoader()
        mock.respond(body: Data(text.utf8))
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        do {
            _ = try await client.send(LemmyV3.GetPosts())
            Issue.record("decoded a broken payload")
        } catch {
            guard case .decoding(let failure) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failure.codingPath.hasPrefix("posts[0]"))
            #expect(failure.codingPath.contains("published"))
        }
    }

    @Test("Cancellation is .cancelled, not a failure")
    func cancellation() async {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: Data("{}".utf8), after: gate)
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        let task = Task { try await client.send(LemmyV3.GetSite()) }
        await mock.waitForRequests(1)
        task.cancel()
        let result = await task.result
        guard case .failure(let error as LemmyClientError) = result else {
            Issue.record("got \(result)")
            return
        }
        #expect(error.isCancellation && !error.isRetryable)
        guard case .cancelled = error else {
            Issue.record("got \(error)")
            return
        }
    }

    @Test("Transport failures keep the LoadError")
    func transport() async {
        let mock = MockLoader()
        mock.fail(with: .timedOut)
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        do {
            _ = try await client.send(LemmyV3.GetSite())
            Issue.record("no error")
        } catch {
            guard case .transport(let load) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(load.code == .timedOut && error.isRetryable)
        }
    }

    @Test("Descriptions never contain the token or the password")
    func secrets() async {
        let mock = MockLoader()
        mock.fail(with: .cannotConnect)
        mock.respond(status: .badRequest, body: Data(#"{"error":"incorrect_login"}"#.utf8))
        let client = ClientTestSupport.client("0.18.5", mock: mock)
        var descriptions: [String] = []
        do { _ = try await client.send(LemmyV3.GetPosts()) } catch { descriptions.append("\(error)") }
        do { _ = try await client.send(LemmyV3.Login(ApiLogin(usernameOrEmail: "alice", password: "hunter2"))) } catch {
            descriptions.append("\(error)")
        }
        #expect(descriptions.count == 2)
        for text in descriptions {
            #expect(!text.contains(ClientTestSupport.token))
            #expect(!text.contains("hunter2"))
        }
        #expect("\(LemmyTokenStore(ClientTestSupport.token))" == "LemmyTokenStore(<redacted>)")
    }
}
