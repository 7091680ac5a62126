import Foundation
import LemmyAPI
import Testing

@Suite("Typed requests")
struct RequestEncodingTests {
    @Test("encodeURIComponent keeps exactly letters, digits and -_.!~*'() and encodes every other byte in capitals")
    func encodeURIComponentMatchesItsDefinition() {
        // JavaScript's definition, through Foundation's encoder as an outside check.
        var unreserved = CharacterSet(charactersIn: "-_.!~*'()")
        unreserved.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{1F600}", "a b&c=d+e", "日本", ""]
        let disagreements = texts.filter {
            LemmyQueryEncoding.encodeURIComponent($0) != $0.addingPercentEncoding(withAllowedCharacters: unreserved)
        }
        #expect(disagreements.isEmpty, "encoded otherwise: \(disagreements.map { Array($0.unicodeScalars) })")
    }

    @Test("0.18/0.19 GetPosts drops false, 0 and empty values and spells enums PascalCase")
    func v3GetPosts() {
        var form = ApiGetPosts()
        form.type = .all
        form.sort = .hot
        form.page = 0
        form.limit = 20
        form.savedOnly = false
        form.communityName = ""
        form.auth = "jwt-token"
        let request = LemmyV3.GetPosts(form)
        #expect(LemmyV3.GetPosts.fullPath == "/api/v3/post/list")
        #expect(LemmyV3.GetPosts.method == .get)
        #expect(LemmyV3.GetPosts.takesAuthField)
        #expect(LemmyQueryEncoding.percentEncodedQuery(request.queryItems) == "type_=All&sort=Hot&limit=20&auth=jwt-token")
        #expect(
            LemmyQueryEncoding.percentEncodedQuery(request.queryItems(style: .omitNil))
                == "type_=All&sort=Hot&community_name=&limit=20&page=0&saved_only=false&auth=jwt-token")
        #expect((try? request.jsonBody()) == .some(nil))
    }

    @Test("1.0 GetPosts keeps false and 0, spells enums snake_case, uses /api/v4")
    func v4GetPosts() {
        var form = ApiGetPosts()
        form.type = .moderatorView
        form.sort = .hot
        form.showRead = false
        form.pageCursor = "Pc6/x y"
        let request = LemmyV4.GetPosts(form)
        #expect(LemmyV4.GetPosts.fullPath == "/api/v4/post/list")
        #expect(!LemmyV4.GetPosts.takesAuthField)
        #expect(
            LemmyQueryEncoding.percentEncodedQuery(request.queryItems)
                == "type_=moderator_view&sort=hot&show_read=false&page_cursor=Pc6%2Fx%20y")
    }

    @Test("GetComments and Search queries")
    func otherGets() {
        var comments = ApiGetComments()
        comments.postId = 1_549_703
        comments.sort = .hot
        comments.maxDepth = 8
        comments.type = .all
        #expect(
            LemmyQueryEncoding.percentEncodedQuery(LemmyV3.GetComments(comments).queryItems)
                == "type_=All&sort=Hot&max_depth=8&post_id=1549703")
        var search = ApiSearch()
        search.q = "swift & lemmy"
        search.type = .posts
        #expect(LemmyQueryEncoding.percentEncodedQuery(LemmyV3.Search(search).queryItems) == "type_=Posts&q=swift%20%26%20lemmy")
    }

    @Test("0.18/0.19 Search sends an empty q, which those servers require, where js-client drops it")
    func requiredFalsyMember() throws {
        var search = ApiSearch()
        search.q = ""
        search.page = 0
        let request = LemmyV3.Search(search)
        // Lemmy 0.19 refuses a search without `q` (its SearchForm has `q: String`); `q=` lists
        // everything. An optional member still goes by the style.
        #expect(LemmyQueryEncoding.percentEncodedQuery(try request.queryItems(style: .omitFalsy, version: .v0_19_0)) == "q=")
        #expect(LemmyQueryEncoding.percentEncodedQuery(request.queryItems) == "q=")
        #expect(LemmyQueryEncoding.percentEncodedQuery(request.queryItems(style: .omitNil)) == "q=&page=0")
    }

    @Test("A string-union member is a query value; JSON null is dropped in both styles")
    func jsonValueMembers() throws {
        let notifications = LemmyV4.ListNotifications(ApiListNotifications(type: .string("private_message"), unreadOnly: false))
        #expect(LemmyQueryEncoding.percentEncodedQuery(notifications.queryItems) == "type_=private_message&unread_only=false")
        let null = LemmyV4.ListNotifications(ApiListNotifications(type: .null))
        #expect(null.queryItems.isEmpty)
        #expect(LemmyV3.GetModlog(ApiGetModlog(type: .null)).queryItems(style: .omitFalsy).isEmpty)
        #expect(
            LemmyQueryEncoding.percentEncodedQuery(LemmyV3.GetModlog(ApiGetModlog(type: .string("ModLockPost"))).queryItems)
                == "type_=ModLockPost")
    }

    @Test("POST bodies are JSON of the form; 1.0 DELETE carries a body")
    func bodies() throws {
        let like = LemmyV3.LikePost(ApiCreatePostLike(postId: 5, score: 1))
        #expect(LemmyV3.LikePost.method == .post)
        #expect(LemmyV3.LikePost.fullPath == "/api/v3/post/like")
        #expect(String(decoding: try #require(try like.jsonBody()), as: UTF8.self) == #"{"post_id":5,"score":1}"#)
        let delete = LemmyV4.DeletePost(ApiDeletePost(postId: 7, deleted: true))
        #expect(LemmyV4.DeletePost.method == .delete)
        #expect(String(decoding: try #require(try delete.jsonBody()), as: UTF8.self) == #"{"deleted":true,"post_id":7}"#)
    }

    @Test("Parameterless requests: GetSite")
    func getSite() {
        #expect(LemmyV3.GetSite().queryItems.isEmpty)
        #expect(LemmyV4.GetSite.fullPath == "/api/v4/site")
    }
}
