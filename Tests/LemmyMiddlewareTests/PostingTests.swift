import Foundation
import LemmyAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The Lemmy error code of `error`, or nil for another kind of failure.
func lemmyCode(_ error: ApiClientError?) -> String? {
    error?.lemmyCode?.code
}

/// The error of a failed mutation.
func failure(_ result: MutationResult) -> ApiClientError? {
    if case .failed(let error) = result { return error }
    return nil
}

@Suite("Posting: create, edit, delete, cross-post") @MainActor
struct PostingTests {
    @Test("A created post is a live Post2 that later reads return", arguments: LemmyDialect.allCases)
    func create(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let link = try #require(URL(string: "https://example.org/article"))
            let post = try await alice.createPost(
                communityId: 1, title: "  Made by the tests ", body: "Some *markdown*",
                url: link, nsfw: true, languageId: 37)
            #expect(post.title == "Made by the tests")
            #expect(post.content == "Some *markdown*")
            #expect(post.linkURL == link)
            #expect(post.nsfw)
            #expect(post.languageId == 37)
            #expect(post.creator.name == "alice")
            #expect(post.communityId == 1)
            let read = try await alice.getPost(id: post.id)
            #expect(read.post2 === post)
            // Listings hide NSFW posts by default: a plain post shows there, as the same object.
            let plain = try await alice.createPost(communityId: 1, title: "Plain")
            let newest = try await alice.getPosts(feed: .community(id: 1), sort: .new, limit: 5)
            #expect(newest.items.contains { $0 === plain })
        }
    }

    @Test("Alt text and a custom thumbnail are sent on 0.19 and 1.0; 0.18 has neither", arguments: LemmyDialect.allCases)
    func altTextAndThumbnail(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let image = try #require(URL(string: "https://example.org/cat.png"))
            let thumbnail = try #require(URL(string: "https://example.org/cat-small.png"))
            do {
                let post = try await alice.createPost(
                    communityId: 1, title: "A cat", url: image, altText: "A sleeping cat",
                    customThumbnail: thumbnail)
                #expect(dialect != .v0_18)
                #expect(post.thumbnailURL == thumbnail)
            } catch let error as ApiClientError {
                #expect(dialect == .v0_18)
                #expect(error.kind == .unavailableInVersion, "\(error)")
            }
        }
    }

    @Test("The server's refusals are typed: empty title, bad URL, unknown language, guest", arguments: LemmyDialect.allCases)
    func createRefusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            do {
                _ = try await alice.createPost(communityId: 1, title: "   ")
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(lemmyCode(error) == "invalid_post_title")
            }
            do {
                _ = try await alice.createPost(communityId: 1, title: "Bad", url: URL(string: "ftp://example.org/x"))
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(lemmyCode(error) == "invalid_url_scheme")
            }
            do {
                _ = try await alice.createPost(communityId: 1, title: "Bad", languageId: 999)
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(lemmyCode(error) == "language_not_allowed")
            }
            do {
                _ = try await alice.asGuest().createPost(communityId: 1, title: "Guest")
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(error == .notLoggedIn)
            }
        }
    }

    @Test("Editing one's post changes the same object; someone else's is refused and rolled back", arguments: LemmyDialect.allCases)
    func edit(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let post = try await alice.createPost(communityId: 1, title: "Before", body: "Old body")
            let full = try await alice.getPost(id: post.id)
            let link = try #require(URL(string: "https://example.org/new"))
            #expect(await post.edit(title: "After", content: "New body", url: link, nsfw: true) == .confirmed)
            #expect(full.post2 === post)
            #expect(full.title == "After" && post.content == "New body" && post.linkURL == link && post.nsfw)
            #expect(post.updated != nil)

            let bobsView = try await bob.getPost(id: post.id)
            let result = await bobsView.edit(title: "Hijacked")
            #expect(lemmyCode(failure(result)) == "no_post_edit_allowed")
            #expect(bobsView.title == "After")
            #expect(try await alice.getPost(id: post.id).title == "After")
        }
    }

    @Test("Deleting and restoring one's post; someone else's delete is refused", arguments: LemmyDialect.allCases)
    func deleteAndRestore(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let post = try await alice.createPost(communityId: 1, title: "Short-lived")
            let bobsView = try await bob.getPost(id: post.id)
            let refused = await bobsView.delete()
            #expect(lemmyCode(failure(refused)) == "no_post_edit_allowed")
            #expect(!bobsView.deleted)
            #expect(await post.delete() == .confirmed)
            #expect(post.deleted)
            if dialect == .v0_18 {
                // 0.18 shows a deleted post to its community's moderators and admins only.
                let hidden = await #expect(throws: ApiClientError.self) { _ = try await alice.getPost(id: post.id) }
                #expect(hidden?.lemmyCode == .couldntFindPost)
            } else {
                #expect(try await alice.getPost(id: post.id).post2 === post)
            }
            #expect(post.deleted)
            #expect(await post.delete(false) == .confirmed)
            #expect(!post.deleted)
            #expect(await post.delete(false) == .unchanged)
        }
    }

    /// Lemmy refuses to delete what is deleted already (`couldnt_update_post`, 1.0
    /// `couldnt_update`): a device whose view is stale reads the item again and confirms.
    @Test("Deleting what another device deleted already is confirmed, not rolled back", arguments: LemmyDialect.allCases)
    func deleteFromStaleState(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let phone = try await login(server, "alice")
            let laptop = try await login(server, "alice")
            let post = try await phone.createPost(communityId: 1, title: "Deleted twice")
            let comment = try await phone.createComment(postId: post.id, parentId: nil, content: "Also deleted twice")
            let laptopsPost = try await laptop.getPost(id: post.id)
            let laptopsComment = try await laptop.getComment(id: comment.id)
            #expect(await comment.delete() == .confirmed)
            #expect(await post.delete() == .confirmed)
            #expect(!laptopsPost.deleted && !laptopsComment.deleted)
            // The post first: reading the comment again would bring the post's state along.
            #expect(await laptopsPost.delete() == .confirmed)
            #expect(laptopsPost.deleted)
            #expect(await laptopsComment.delete() == .confirmed)
            #expect(laptopsComment.deleted)
        }
    }

    @Test("A cross-post is a post with the same URL; each lists the other", arguments: LemmyDialect.allCases)
    func crossPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let link = try #require(URL(string: "https://example.org/shared-\(dialect.rawValue)"))
            let original = try await alice.createPost(communityId: 1, title: "Worth sharing", body: "Line one\nLine two", url: link)
            let copy = try await alice.crossPost(original, to: 2)
            #expect(copy.communityId == 2)
            #expect(copy.linkURL == link && copy.title == original.title)
            #expect(copy.content?.hasPrefix("cross-posted from: \(original.actorId.absoluteString)") == true)
            #expect(copy.content?.contains("> Line two") == true)
            let full = try await alice.getPost(id: original.id)
            #expect(full.crossPosts.count == 1)
            #expect(full.crossPosts.first === copy)
            #expect(try await alice.getPost(id: copy.id).crossPosts.first === original)
        }
    }

    @Test("Comments: someone else's edit and delete are refused and rolled back; restore works", arguments: LemmyDialect.allCases)
    func commentRefusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let comment = try await alice.createComment(postId: 8, parentId: nil, content: "Mine")
            let bobsView = try await bob.getComments(postId: 8, sort: .new).items.first { $0.id == comment.id }
            let theirs = try #require(bobsView)
            #expect(lemmyCode(failure(await theirs.edit(content: "Not mine"))) == "no_comment_edit_allowed")
            #expect(theirs.content == "Mine")
            #expect(failure(await theirs.delete()) != nil)
            #expect(!theirs.deleted)
            #expect(await comment.delete() == .confirmed)
            #expect(await comment.delete(false) == .confirmed)
            #expect(!comment.deleted)
        }
    }
}

@Suite("Private messages: edit, delete, report") @MainActor
struct MessageEditTests {
    @Test("The sender edits and deletes in place; others are refused; the recipient reports", arguments: LemmyDialect.allCases)
    func editDeleteReport(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let bobsId = try await bob.getPerson(name: "bob").id
            let sent = try await alice.sendMessage("Helo Bob", to: bobsId)
            #expect(await sent.edit(content: "Hello Bob") == .confirmed)
            #expect(sent.content == "Hello Bob")
            #expect(sent.updated != nil)

            let received = try #require(try await bob.getMessages().first { $0.id == sent.id })
            #expect(received.content == "Hello Bob")
            #expect(lemmyCode(failure(await received.edit(content: "Forged"))) == "edit_private_message_not_allowed")
            #expect(received.content == "Hello Bob")

            do {
                try await received.report(reason: " ")
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(lemmyCode(error) == "report_reason_required")
            }
            try await received.report(reason: "Spam")
            do {
                try await sent.report(reason: "Reporting my own message")
                #expect(dialect == .v0_18)  // 0.18 does not check who reports
            } catch let error as ApiClientError {
                #expect(lemmyCode(error) == (dialect == .v1_0 ? "couldnt_create" : "couldnt_create_report"))
            }

            #expect(await sent.delete() == .confirmed)
            #expect(sent.deleted)
            #expect(await sent.delete(false) == .confirmed)
            #expect(!sent.deleted)
        }
    }
}
