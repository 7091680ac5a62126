import Foundation
import LemmyCLI
import Testing

@Suite("CLI output values")
struct OutputModelTests {
    static let published = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("Output values built in a test print the JSON scripts read, and read back equal")
    func buildAndRoundTrip() throws {
        let post = PostOutput(
            id: 1, title: "Hello", community: "music", creator: "alice", score: 3, upvotes: 4,
            downvotes: 1, myVote: "up", comments: 2, saved: false, published: Self.published)
        let feed = FeedOutput(instance: "http://127.0.0.1:8536", listing: "all", sort: "new", posts: [post], hasMore: true)
        let text = try JSONOutput.render(feed)
        #expect(text.contains("\"has_more\" : true") || text.contains("\"has_more\":true"))
        #expect(text.contains("\"my_vote\""))
        #expect(try JSONOutput.decoder().decode(FeedOutput.self, from: Data(text.utf8)) == feed)

        let comment = CommentOutput(
            id: 9, postId: 1, depth: 0, creator: "bob", content: "Hi", score: 1, myVote: "none",
            childCount: 0, published: Self.published)
        let inbox = InboxOutput(
            unreadReplies: 1, unreadMentions: 0, unreadMessages: 0,
            replies: [.init(id: 5, read: false, comment: comment)],
            messages: [.init(id: 6, from: "bob", to: "alice", content: "yo", read: true, published: Self.published)])
        #expect(try JSONOutput.decoder().decode(InboxOutput.self, from: Data(JSONOutput.render(inbox).utf8)) == inbox)
        let person = PersonOutput(id: 2, name: "bob", displayName: "Bob", blocked: false, created: Self.published)
        let whoami = WhoamiOutput(instance: "x", version: "0.19.3", user: person)
        #expect(whoami.unread == nil && whoami.user?.posts == nil)
        let detail = PostDetailOutput(post: post, comments: [comment])
        let search = SearchOutput(
            posts: [post], comments: [comment],
            communities: [
                CommunityOutput(
                    id: 3, name: "music", title: "Music", subscribers: 1, posts: 1,
                    subscription: "unsubscribed", blocked: false)
            ],
            people: [person])
        #expect(detail.comments.count == 1 && search.communities[0].moderators == nil)
    }
}
