import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 0.18.3 to 0.18.5 store what people write HTML-escaped (`sanitize_html`); the models
/// read it as written, whichever version answered, and an edit sends it back unchanged.
@Suite("Escaped text: 0.18.5's HTML escaping undone in the models") @MainActor
struct EscapedTextTests {
    /// A title with everything the escaping touches: `&`, `<`, `>` (put back by Lemmy), a kept tag.
    static let title = "AT&T <b>bold</b> & 1 < 2 > 0"
    static let body = "a && b\n> a quote\n\u{A0}indented"

    /// The post's title and body as the server holds them, read with the raw client.
    func stored(_ server: LemmyTestServer, postId: Int) async throws -> (String, String?) {
        let raw = LemmyRawClient(instanceURL: server.baseURL)
        let form = ApiGetPost(id: postId)
        let view =
            server.dialect == .v1_0
            ? try await raw.send(LemmyV4.GetPost(form)).postView
            : try await raw.send(LemmyV3.GetPost(form)).postView
        return (view.post.name, view.post.body)
    }

    @Test("A post's title and body read as written, and survive an edit of what was read", arguments: LemmyDialect.allCases)
    func postRoundTrip(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try await alice.createPost(communityId: 1, title: Self.title, body: Self.body)
            let (name, body) = try await stored(server, postId: post.id)
            if dialect == .v0_18 {
                #expect(name == "AT&amp;T <b>bold</b> &amp; 1 &lt; 2 > 0")
                #expect(body == "a &amp;&amp; b\n> a quote\n&nbsp;indented")
            } else {
                #expect(name == Self.title)
                #expect(body == Self.body)
            }
            #expect(post.title == Self.title)
            #expect(post.content == Self.body)
            // An app edits what it shows: sent back, the text is stored as before, not escaped twice.
            let result = await post.edit(title: post.title + " (edited)", content: (post.content ?? "") + "!")
            #expect(result == .confirmed)
            let (editedName, editedBody) = try await stored(server, postId: post.id)
            #expect(editedName == name + " (edited)")
            #expect(editedBody == body.map { $0 + "!" })
            #expect(post.title == Self.title + " (edited)")
            #expect(post.content == Self.body + "!")
        }
    }

    @Test("A report's reason and the reported title read as written", arguments: LemmyDialect.allCases)
    func reports(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try await alice.createPost(communityId: 1, title: Self.title)
            try await login(server, "carol").getPost(id: post.id).report(reason: "Spam & <scam>")
            let reports = try await login(server, "bob").reports(.post).items
            let report = try #require(reports.first { $0.post?.id == post.id })
            // 0.18.5's ammonia drops what reads as a tag it does not allow; the rest reads as written.
            #expect(report.reason == (dialect == .v0_18 ? "Spam & " : "Spam & <scam>"))
            #expect(report.originalText == Self.title)
        }
    }

    @Test("Comments read as written, and survive an edit of what was read", arguments: LemmyDialect.allCases)
    func commentsAndNames(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let comment = try await alice.createComment(postId: 1, parentId: nil, content: "Tom & Jerry <i>x</i>")
            #expect(comment.content == "Tom & Jerry <i>x</i>")
            #expect(await comment.edit(content: comment.content + "!") == .confirmed)
            let reread = try await alice.getComment(id: comment.id)
            #expect(reread.content == "Tom & Jerry <i>x</i>!")
        }
    }
}
