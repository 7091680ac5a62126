import Foundation
import LemmyAPI
import Testing

@Suite("Typed Lemmy errors")
struct ErrorParsingTests {
    static let cases: [(String, LemmyErrorCode, String?)] = [
        ("errors/captured_v0.19.0_incorrect_login_lemmy.zip.json", .incorrectLogin, nil),
        ("errors/captured_v0.17.3_couldnt_find_community_lemmy.one.json", .couldntFindCommunity, nil),
        ("errors/captured_v0.19-unknown_couldnt_find_community_via-mbin-log.json", .couldntFindCommunity, nil),
        ("errors/captured_v0.19-dev_unknown_with_message_localhost.json", .unknown("unknown"), "Json deserialize error"),
        ("errors/server-asserted_v0.19.13_banned.json", .banned, nil),
        ("errors/server-asserted_v0.19.13_person_is_banned_from_site_with_message.json", .personIsBannedFromSite, "reason"),
        ("errors/server-asserted_v1.0-main_blocked_url.json", .blockedUrl, nil),
        ("errors/server-asserted_v1.0-main_pictrs_response_error_with_message.json", .pictrsResponseError, "reason"),
        ("errors/server-asserted_v1.0-main_domain_blocked_untranslated.json", .domainBlocked, "test"),
    ]

    @Test("Error fixtures map to their typed code", arguments: cases.map(\.0))
    func fixtureMaps(_ path: String) throws {
        let (_, code, message) = try #require(Self.cases.first { $0.0 == path })
        let error = try #require(LemmyServerError.parse(body: Fixtures.data(path), status: 400))
        #expect(error.code == code)
        if let message { #expect(error.message?.hasPrefix(message) == true) } else { #expect(error.message == nil) }
        #expect(!error.isRateLimited)
    }

    @Test("The table covers every file in errors/")
    func complete() {
        #expect(Set(Fixtures.allFiles().filter { $0.hasPrefix("errors/") }) == Set(Self.cases.map(\.0)))
    }

    @Test("1.0 cause is kept")
    func cause() throws {
        let error = try #require(LemmyServerError.parse(body: Fixtures.data("errors/server-asserted_v1.0-main_blocked_url.json")))
        #expect(error.cause == "BlockedUrl")
    }

    @Test("Rate limiting is recognised in both generations")
    func rateLimits() throws {
        #expect(LemmyServerError.parse(body: Data(#"{"error":"rate_limit_error"}"#.utf8), status: 400)?.isRateLimited == true)
        #expect(LemmyServerError.parse(body: Data(#"{"error":"too_many_requests"}"#.utf8), status: 429)?.isRateLimited == true)
        let empty = try #require(LemmyServerError.parse(body: Data(), status: 429))
        #expect(empty.code == .tooManyRequests && empty.isRateLimited)
    }

    @Test("0.18 text/plain bodies: a bare code or a message")
    func textPlain() throws {
        #expect(LemmyServerError.parse(body: Data("couldnt_find_post".utf8), status: 404)?.code == .couldntFindPost)
        let message = try #require(LemmyServerError.parse(body: Data("Json deserialize error: missing field `auth`".utf8), status: 400))
        #expect(message.code == .unknown("unknown"))
        #expect(message.message == "Json deserialize error: missing field `auth`")
    }

    @Test("Unknown and PascalCase codes")
    func spellings() {
        #expect(LemmyErrorCode(code: "brand_new_error") == .unknown("brand_new_error"))
        #expect(LemmyErrorCode(code: "CouldntFindPost") == .couldntFindPost)
        #expect(LemmyErrorCode.couldntFindPost.code == "couldnt_find_post")
        #expect(LemmyErrorCode.knownCases.count > 200)
    }

    @Test("A JSON body that is not an error object is not an error")
    func notAnError() {
        #expect(LemmyServerError.parse(body: Data(#"{"post_view":{}}"#.utf8)) == nil)
    }
}
