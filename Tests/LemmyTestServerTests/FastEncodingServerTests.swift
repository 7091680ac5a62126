import Foundation
@testable import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The test server renders its answers through `LemmyFastEncoding`; each answer must be what
/// `JSONEncoder` writes for the same value in the dialect's version.
@Suite("Fast encoding of seeded answers")
struct FastEncodingServerTests {
    @Test("Each dialect's answers are JSONEncoder's JSON, and re-encode on the fast path alike", arguments: LemmyDialect.allCases)
    func seededAnswers(dialect: LemmyDialect) async throws {
        let coding = LemmyVersionedCoding(version: dialect.apiVersion, absentMembers: .omit)
        try await withServer(dialect, scale: .small) { server in
            let client = try await TestClient(server).login("alice")
            let checked = try await SeededAnswers.check(dialect, client: client, with: FastEncodeCheck(client: client, coding: coding))
            #expect(checked.count == 10)
        }
    }
}

/// Compares an answer with `JSONEncoder`'s rendering and with the fast path's.
private struct FastEncodeCheck: SeededAnswerCheck {
    let client: TestClient
    let coding: LemmyVersionedCoding

    func check<R: LemmyRequest>(_ request: R) async throws where R.Response: Hashable & Encodable {
        let raw = try await client.sendRaw(request)
        #expect(raw.status == 200, "\(R.path): HTTP \(raw.status)")
        let value = try JSONDecoder().decode(R.Response.self, from: raw.body)
        let codable = try LemmyFastEncoding.makeEncoder(coding: coding).encode(value)
        let served = try #require(EncodeCheck.canonical(raw.body), "\(R.path): the answer does not parse")
        #expect(served == EncodeCheck.canonical(codable), "\(R.path): the answer is not JSONEncoder's")
        let fast = LemmyFastEncoding.fastEncode(value, coding: coding).map { Data($0) }
        #expect(fast != nil, "\(R.path): the fast path gave up")
        #expect(fast.flatMap(EncodeCheck.canonical) == served, "\(R.path): the fast path's JSON differs")
    }
}

/// The canonical form of a document, as in the LemmyAPI tests' `EncodeCheck`.
enum EncodeCheck {
    /// The document parsed by `JSONSerialization` and written back with sorted keys.
    static func canonical(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }
}

/// The query object of a GET, serialized by `FormDecoding.json` (the fast path where values are
/// plain) and by `JSONSerialization`, reads back as the same JSON.
@Suite("Query forms as JSON")
struct QueryJSONTests {
    @Test("Plain and unusual query values serialize to what JSONSerialization writes")
    func queryValues() throws {
        let objects: [[String: Any]] = [
            ["limit": 20, "page": 2, "sort": "Hot", "type_": "All", "show_nsfw": true, "saved_only": false, "auth": ""],
            ["q": "quote \" backslash \\ tab \t nul \u{0} emoji 😀 line\u{2028}sep", "community_name": "a/b@c.d"],
            ["fraction": 1.5, "negative": -0.25, "tiny": 1e-9, "big": 999_999_999_999_999, "negative_int": -42],
            ["huge": 100_000_000_000_000_000, "whole": 1.0, "nested": ["not", "plain"]],
            [:],
        ]
        for object in objects {
            let fast = try FormDecoding.json(object, version: .v0_19_13_beta_1)
            let reference = try JSONSerialization.data(withJSONObject: object)
            #expect(try JSONDecoder().decode(LemmyJSONValue.self, from: fast) == JSONDecoder().decode(LemmyJSONValue.self, from: reference))
            #expect(EncodeCheck.canonical(fast) == EncodeCheck.canonical(reference), "\(object)")
        }
    }
}
