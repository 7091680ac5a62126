import Foundation
import LemmyAPI
import Testing

@Suite("Malformed payloads")
struct MalformedPayloadTests {
    func failure<T: Decodable>(_ type: T.Type, _ data: Data) -> LemmyDecodingFailure? {
        do {
            _ = try LemmyResponseDecoder.decode(T.self, from: data)
            return nil
        } catch { return error }
    }

    @Test("Truncated bodies fail with a decoding failure, at every cut")
    func truncated() throws {
        let data = try Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json")
        for cut in stride(from: 1, to: data.count, by: max(1, data.count / 40)) {
            let f = failure(ApiGetPostsResponse.self, data.prefix(cut))
            #expect(f != nil, "cut at \(cut) decoded")
            #expect(f?.payload.count == cut)
        }
    }

    @Test("A wrongly typed member names its coding path")
    func wrongType() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json")) as? [String: Any])
        var posts = try #require(object["posts"] as? [[String: Any]])
        var post = try #require(posts[1]["post"] as? [String: Any])
        post["id"] = "not a number"
        posts[1]["post"] = post
        object["posts"] = posts
        let f = try #require(failure(ApiGetPostsResponse.self, JSONSerialization.data(withJSONObject: object)))
        #expect(f.codingPath == "posts[1].post.id")
    }

    @Test("A missing required member names its key")
    func missingKey() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("v0.18/muffed_Community_fragment.json")) as? [String: Any])
        object.removeValue(forKey: "name")
        let f = try #require(failure(ApiCommunity.self, JSONSerialization.data(withJSONObject: object)))
        #expect(f.codingPath == "name")
        #expect(f.reason == "missing key")
    }

    @Test("A bad timestamp is reported at its path")
    func badTimestamp() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("v0.18/muffed_Community_fragment.json")) as? [String: Any])
        object["published"] = "yesterday"
        let f = try #require(failure(ApiCommunity.self, JSONSerialization.data(withJSONObject: object)))
        #expect(f.codingPath == "published")
    }

    @Test("Unknown enum values are kept, not fatal")
    func unknownEnum() throws {
        let sort = try JSONDecoder().decode([ApiSortType].self, from: Data(#"["Hot","hot","TopSixHour","sideways"]"#.utf8))
        #expect(sort == [.hot, .hot, .topSixHour, .unknown("sideways")])
    }

    @Test("Garbage and wrong roots fail cleanly", arguments: ["", "null", "[]", "42", "{", "\"x\""])
    func garbage(_ text: String) {
        #expect(failure(ApiGetPostsResponse.self, Data(text.utf8)) != nil)
    }
}
