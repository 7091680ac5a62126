import Foundation
@testable import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The seeded answers of every dialect, read by `LemmyResponseDecoder`'s fast path and by
/// `JSONDecoder`: the fast path must answer each one, with `JSONDecoder`'s value.
@Suite("Fast decoding of seeded answers")
struct FastDecodingServerTests {
    @Test("Each dialect's reads take the fast path and decode to JSONDecoder's value", arguments: LemmyDialect.allCases)
    func seededAnswers(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = try await TestClient(server).login("alice")
            let checked = try await SeededAnswers.check(dialect, client: client, with: FastDecodeCheck(client: client))
            #expect(checked.count == 10)
        }
    }
}

/// Reads an answer with the fast decoder and with `JSONDecoder`.
private struct FastDecodeCheck: SeededAnswerCheck {
    let client: TestClient

    func check<R: LemmyRequest>(_ request: R) async throws where R.Response: Hashable & Encodable {
        let raw = try await client.sendRaw(request)
        #expect(raw.status == 200, "\(R.path): HTTP \(raw.status)")
        let codable = try JSONDecoder().decode(R.Response.self, from: raw.body)
        let fastType = try #require(R.Response.self as? any LemmyFastDecodable.Type, "\(R.Response.self) has no fast path")
        let fast = LemmyResponseDecoder.fastDecode(fastType, from: raw.body) as? R.Response
        #expect(fast != nil, "\(R.path): the fast path gave up")
        #expect(fast == codable, "\(R.path): the fast path's value differs")
    }
}
