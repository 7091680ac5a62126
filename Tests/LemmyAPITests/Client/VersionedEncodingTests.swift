import Foundation
import LemmyAPI
import Testing
import HTTPLoading
import HTTPTypes

/// Enums and forms are unions over versions: each version gets its own spelling, and a value or
/// member a version lacks is a typed error before anything is sent.
@Suite("Version-exact encoding")
struct VersionedEncodingTests {
    static let instance = URL(string: "https://lemmy.example")!

    static func query<R: LemmyRequest>(_ request: R, server: String) throws(LemmyClientError) -> String {
        let request = try LemmyRequestEncoder.loadRequest(
            for: request, instanceURL: instance, version: LemmyServerVersion(server)!, token: nil)
        let parts = (request.head.path ?? "").split(separator: "?", maxSplits: 1)
        return parts.count == 2 ? String(parts[1]) : ""
    }

    @Test(
        "Server versions map to the described version they speak",
        arguments: [
            ("0.18.0", LemmyAPIVersion.v0_18_0), ("0.18.2", .v0_18_1), ("0.18.5", .v0_18_3_rc_3), ("0.19.0", .v0_19_0),
            ("0.19.3", .v0_19_0), ("0.19.5", .v0_19_4), ("0.19.8", .v0_19_6), ("0.19.11", .v0_19_9), ("0.19.13", .v0_19_13_beta_1),
            ("0.19.20", .v0_19_13_beta_1),
            ("1.0.0-beta.1", .v1_0_0_beta_1), ("1.0.0", .main), ("1.2.3", .main),
            // Older than every described version of the generation: the oldest of it.
            ("0.17.4", .v0_18_0), ("1.0.0-alpha.1", .v1_0_0_beta_1),
        ])
    func versionMapping(server: String, expected: LemmyAPIVersion) {
        #expect(LemmyServerVersion(server)!.apiVersion == expected)
    }

    @Test("Every 0.18/0.19 SortType value is a case of the GetPosts sort, with its own spelling")
    func sortUnion() {
        let v019 = ApiPostSortType.spellings(in: .v0_19_13_beta_1)
        for value in [
            "Hot", "TopHour", "TopSixHour", "TopTwelveHour", "TopDay", "TopWeek", "TopMonth", "TopThreeMonths",
            "TopSixMonths", "TopNineMonths", "TopYear", "TopAll", "Controversial", "Scaled",
        ] {
            #expect(v019.contains(value), "\(value)")
        }
        #expect(!v019.contains("Top"))
        #expect(ApiPostSortType.top.wireValue(in: .v0_19_13_beta_1) == nil)
        #expect(ApiPostSortType.top.wireValue(in: .v1_0_0_beta_1) == "top")
        #expect(ApiPostSortType.topDay.wireValue(in: .main) == nil)
        #expect(ApiPostSortType.topThreeMonths.wireValue(in: .v0_18_0) == nil, "added in 0.18.1")
        #expect(ApiPostSortType.topThreeMonths.wireValue(in: .v0_18_1) == "TopThreeMonths")
        #expect(ApiPostSortType.scaled.wireValue(in: .v0_18_3_rc_3) == nil, "added in 0.19")
        #expect(ApiListingType.moderatorView.wireValue(in: .v0_18_3_rc_3) == nil)
        #expect(ApiListingType.moderatorView.wireValue(in: .v0_19_0) == "ModeratorView")
    }

    @Test("A value the server's version lacks is refused before sending; its own values are spelled its way")
    func sortValuesPerVersion() throws {
        #expect(try Self.query(LemmyV3.GetPosts(ApiGetPosts(sort: .topWeek)), server: "0.19.13") == "sort=TopWeek")
        #expect(
            try Self.query(LemmyV4.GetPosts(ApiGetPosts(sort: .top, timeRangeSeconds: 604_800)), server: "1.0.0-beta.1")
                == "sort=top&time_range_seconds=604800")
        #expect(throws: LemmyClientError.self) { try Self.query(LemmyV3.GetPosts(ApiGetPosts(sort: .top)), server: "0.19.13") }
        #expect(throws: LemmyClientError.self) { try Self.query(LemmyV4.GetPosts(ApiGetPosts(sort: .topDay)), server: "1.0.0-beta.1") }
        do {
            _ = try Self.query(LemmyV3.GetPosts(ApiGetPosts(sort: .scaled)), server: "0.18.5")
            Issue.record("Scaled went to a 0.18 server")
        } catch {
            guard case .unavailableInVersion(let missing) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(missing.kind == .enumCase && missing.version == .v0_18_3_rc_3)
        }
    }

    @Test("A call the server's version lacks is refused before sending, typed; a version that has it is served")
    func endpointsPerVersion() throws {
        // `GET /post/like/list` came with lemmy-js-client 0.19.4: a 0.19.5 server has it, 0.19.3 not.
        let votes = LemmyV3.ListPostLikes(ApiListPostLikes(postId: 7))
        #expect(try Self.query(votes, server: "0.19.5") == "post_id=7")
        #expect(try Self.query(votes, server: "0.19.11") == "post_id=7")
        for old in ["0.18.5", "0.19.3"] {
            do {
                _ = try Self.query(votes, server: old)
                Issue.record("ListPostLikes went to a \(old) server")
            } catch {
                guard case .unavailableInVersion(let missing) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(missing.kind == .endpoint)
                #expect(missing.version == LemmyServerVersion(old)!.apiVersion)
                #expect(missing.description.contains("/post/like/list"))
            }
        }
    }

    @Test("A member the server's version lacks is refused, in a query and in a body")
    func membersPerVersion() throws {
        // show_read exists from 0.19.9: a 0.19.3 server would silently ignore it. (`false` is not
        // sent at all in 0.19.3's query style, so it is no error.)
        #expect(throws: LemmyClientError.self) { try Self.query(LemmyV3.GetPosts(ApiGetPosts(showRead: true)), server: "0.19.3") }
        #expect(try Self.query(LemmyV3.GetPosts(ApiGetPosts(showRead: false)), server: "0.19.3") == "")
        #expect(try Self.query(LemmyV3.GetPosts(ApiGetPosts(showRead: false)), server: "0.19.11") == "show_read=false")
        // 1.0's LockPost reason in a 0.19 body.
        let lock = LemmyV3.LockPost(ApiLockPost(postId: 1, locked: true, reason: "spam"))
        #expect(throws: LemmyClientError.self) { try Self.query(lock, server: "0.19.13") }
        #expect(throws: LemmyVersionError.self) { try lock.jsonBody(version: .v0_19_13_beta_1) }
        let body = try #require(try LemmyV4.LockPost(lock.form).jsonBody(version: .v1_0_0_beta_1))
        #expect(String(decoding: body, as: UTF8.self).contains(#""reason":"spam""#))
    }

    @Test("Rendering for a version leaves out members it lacks, uses its keys, and requires what it requires")
    func rendering() throws {
        var limits = ApiLocalSiteRateLimit(localSiteId: 1, publishedAt: LemmyDate(rawValue: "2024-01-01T00:00:00Z")!)
        limits.message = 1
        limits.messagePerSecond = 2
        limits.messageMaxRequests = 3
        limits.messageIntervalSeconds = 4
        func render(_ version: LemmyAPIVersion) throws -> [String: Any] {
            let encoder = JSONEncoder()
            encoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version, absentMembers: .omit)
            return try JSONSerialization.jsonObject(with: encoder.encode(limits)) as? [String: Any] ?? [:]
        }
        #expect(throws: LemmyVersionError.self, "0.19 always sends post, comment, ... ") { try render(.v0_19_13_beta_1) }
        limits.post = 0
        limits.postPerSecond = 0
        limits.register = 0
        limits.registerPerSecond = 0
        limits.image = 0
        limits.imagePerSecond = 0
        limits.comment = 0
        limits.commentPerSecond = 0
        limits.search = 0
        limits.searchPerSecond = 0
        limits.importUserSettings = 0
        limits.importUserSettingsPerSecond = 0
        let v019 = try render(.v0_19_13_beta_1)
        #expect(v019["message"] as? Int == 1 && v019["message_max_requests"] == nil)
        #expect(v019["published"] != nil && v019["published_at"] == nil)
    }

    @Test("Strict decoding reads as one version: its keys, its enum spellings, its required members")
    func strictDecoding() throws {
        func decode(_ json: String, as version: LemmyAPIVersion) throws -> ApiGetPosts {
            let decoder = JSONDecoder()
            decoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version, absentMembers: .omit)
            return try decoder.decode(ApiGetPosts.self, from: Data(json.utf8))
        }
        #expect(try decode(#"{"sort":"TopDay"}"#, as: .v0_19_13_beta_1).sort == .topDay)
        #expect(throws: DecodingError.self) { try decode(#"{"sort":"top_day"}"#, as: .v0_19_13_beta_1) }
        #expect(throws: DecodingError.self) { try decode(#"{"sort":"TopDay"}"#, as: .v1_0_0_beta_1) }
        // A member the version lacks is ignored, as serde ignores unknown fields.
        #expect(try decode(#"{"time_range_seconds":60}"#, as: .v0_19_13_beta_1).timeRangeSeconds == nil)
        #expect(try decode(#"{"time_range_seconds":60}"#, as: .v1_0_0_beta_1).timeRangeSeconds == 60)
        // Without a version, decoding stays tolerant.
        #expect(try JSONDecoder().decode(ApiGetPosts.self, from: Data(#"{"sort":"NoSuchSort"}"#.utf8)).sort == .unknown("NoSuchSort"))
    }
}
