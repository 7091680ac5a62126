import Foundation
import LemmyAPI
import Testing

@Suite("Real server fixtures")
struct FixtureDecodingTests {
    @Test("Every response fixture decodes and survives decode → encode → decode", arguments: responseFixtures)
    func decodesAndRoundTrips(_ fixture: FixtureCase) throws {
        let data = try Fixtures.data(fixture.path)
        for generation in LemmyAPIGeneration.allCases {
            #expect(try fixture.roundTrip(data, generation), "round trip changed \(fixture.path) (\(generation))")
        }
    }

    @Test("The table names every fixture file outside errors/")
    func tableIsComplete() {
        let listed = Set(responseFixtures.map(\.path))
        let onDisk = Set(Fixtures.allFiles().filter { !$0.hasPrefix("errors/") })
        #expect(!onDisk.isEmpty)
        #expect(onDisk == listed)
    }

    @Test("0.18 naive timestamps and merged keys decode into the union properties")
    func v018Details() throws {
        let response = try LemmyResponseDecoder.decode(
            ApiGetPostsResponse.self, from: Fixtures.data("v0.18/spud_GetPostsResponse_all-hot.json"))
        let post = try #require(response.posts.first)
        #expect(post.post.publishedAt.rawValue.hasSuffix("Z") == false)
        #expect(post.post.publishedAt.secondsSince1970 > 1_600_000_000)
        #expect(post.community.apId.hasPrefix("https://"))
        #expect(post.counts != nil)
    }

    @Test("0.19 cursor and Z timestamps")
    func v019Details() throws {
        let response = try LemmyResponseDecoder.decode(
            ApiGetPostsResponse.self, from: Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json"))
        #expect(response.nextPage == "Pc6")
        let post = try #require(response.posts.first)
        #expect(post.post.publishedAt.rawValue.hasSuffix("Z"))
    }

    @Test("Encoding for v3 keeps the 0.18/0.19 key spellings; for v4 uses the 1.0 ones")
    func mergedKeysEncodePerGeneration() throws {
        let data = try Fixtures.data("v0.18/muffed_Community_fragment.json")
        let community = try LemmyResponseDecoder.decode(ApiCommunity.self, from: data)
        let encoder = JSONEncoder()
        encoder.userInfo[LemmyAPIGeneration.userInfoKey] = LemmyAPIGeneration.v3
        let v3 = try #require(try JSONSerialization.jsonObject(with: encoder.encode(community)) as? [String: Any])
        #expect(v3["actor_id"] != nil && v3["ap_id"] == nil && v3["published"] != nil)
        encoder.userInfo[LemmyAPIGeneration.userInfoKey] = LemmyAPIGeneration.v4
        let v4 = try #require(try JSONSerialization.jsonObject(with: encoder.encode(community)) as? [String: Any])
        #expect(v4["ap_id"] != nil && v4["actor_id"] == nil && v4["published_at"] != nil)
    }
}
