import Foundation
import HTTPLoading
import LemmyTestServer
import Testing
import HTTPTypes

/// The test server's answers compared with JSON written by real Lemmy servers of the same version
/// (Tests/Fixtures/lemmy): same keys, same JSON types, same nesting.
@Suite struct ConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let dialect: LemmyDialect
        let fixture: String
        let path: String
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(dialect: .v0_18, fixture: "v0.18/spud_GetPostsResponse_all-hot.json", path: "/api/v3/post/list?type_=All&sort=Hot"),
        Case(dialect: .v0_18, fixture: "v0.18/spud_GetPostResponse_1549703.json", path: "/api/v3/post?id=1"),
        Case(dialect: .v0_18, fixture: "v0.18/spud_GetCommentsResponse_1549703-hot.json", path: "/api/v3/comment/list?post_id=1&sort=Hot"),
        Case(dialect: .v0_18, fixture: "v0.18/spud_GetPersonDetailsResponse_31989.json", path: "/api/v3/user?person_id=2"),
        Case(dialect: .v0_19, fixture: "v0.19/lemmykit_GetPostsResponse_0.19.18.json", path: "/api/v3/post/list?type_=All&sort=Hot"),
        Case(dialect: .v0_19, fixture: "v0.19/lemmykit_ListCommunitiesResponse_0.19.18.json", path: "/api/v3/community/list"),
        Case(dialect: .v0_19, fixture: "v0.19-dev/dallyh_GetCommentsResponse.json", path: "/api/v3/comment/list?post_id=1"),
        Case(dialect: .v0_19, fixture: "v0.19-dev/dallyh_GetCommunityResponse.json", path: "/api/v3/community?id=1"),
    ]

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/lemmy")

    @Test(arguments: cases)
    func answersHaveTheRealServersShape(_ testCase: Case) async throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(testCase.fixture))
        let real = try JSONSerialization.jsonObject(with: data)
        let server = try await LemmyTestServer.start(dialect: testCase.dialect, scale: .tiny)
        defer { Task { await server.stop() } }
        let response = try await URLSessionLoader().load(LoadRequest(url: URL(string: server.baseURL.absoluteString + testCase.path)!))
        #expect(response.status == .ok)
        let ours = try JSONSerialization.jsonObject(with: response.body)
        var differences: [String] = []
        Self.compare(real: real, ours: ours, path: "", into: &differences)
        let unexplained = differences.filter { difference in
            !Self.optionalContent.contains { difference.hasSuffix("." + $0) } && !Self.knownGaps.contains { difference.hasSuffix($0) }
        }
        #expect(unexplained.isEmpty, "\(testCase.fixture): \(unexplained.sorted().joined(separator: "; "))")
    }

    /// Members that hold content the seeded item may simply not have (no avatar, never edited).
    static let optionalContent: Set<String> = [
        "avatar", "banner", "bio", "display_name", "icon", "thumbnail_url", "url", "body", "embed_title", "updated",
    ]

    /// Known differences from real servers, still to fix in the test server: 0.18 aggregates carry
    /// their own `id`, `creator_id`, `community_id` and (on communities) `hot_rank`; 0.19-dev
    /// moderator persons carry `admin`.
    static let knownGaps: [String] = [
        "counts.id", "counts.creator_id", "counts.community_id", "counts.hot_rank", "moderator.admin",
    ]

    /// Every key the real server sent is in ours with the same JSON type, recursively; a key the
    /// real server sent as null may be absent (Lemmy omits nulls in some versions). Arrays are
    /// compared by their first elements.
    static func compare(real: Any, ours: Any, path: String, into differences: inout [String]) {
        switch (real, ours) {
        case let (real as [String: Any], ours as [String: Any]):
            for (key, value) in real {
                let child = path.isEmpty ? key : path + "." + key
                guard let other = ours[key], !(other is NSNull) else {
                    if !(value is NSNull) { differences.append("missing \(child)") }
                    continue
                }
                if value is NSNull { continue }
                compare(real: value, ours: other, path: child, into: &differences)
            }
        case let (real as [Any], ours as [Any]):
            if let first = real.first, let other = ours.first { compare(real: first, ours: other, path: path + "[0]", into: &differences) }
        default:
            if kind(real) != kind(ours) { differences.append("\(path): \(kind(real)) vs \(kind(ours))") }
        }
    }

    static func kind(_ value: Any) -> String {
        switch value {
        case is [String: Any]: "object"
        case is [Any]: "array"
        case is String: "string"
        // JSONSerialization gives booleans the Objective-C type "c" (char) on every platform.
        case let number as NSNumber where String(cString: number.objCType) == "c": "bool"
        case is NSNumber: "number"
        default: "null"
        }
    }
}
