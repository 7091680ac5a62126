import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The modlog as each version keeps and shows it: 0.18's and 0.19's tables lose an entry with the
/// post, comment or community it names (foreign keys), and so does 1.0's one table (its foreign
/// keys of 2026-03 cascade too); and who sees the moderators' names.
@Suite("Modlog fidelity")
struct ModlogFidelityTests {
    /// bob (who moderates communities 1 and 2) removes and locks a post of community 1, and
    /// removes a comment of another post there; the admin purges both posts. Returns the ids.
    static func removeThenPurge(_ server: LemmyTestServer) async throws -> (post: Int, commentPost: Int, comment: Int) {
        let client = TestClient(server)
        let bob = try await client.login("bob")
        let admin = try await client.login("admin")
        let v4 = server.dialect == .v1_0
        let posts = try await bob.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 20)).posts.map(\.post.id)
        let postId = try #require(posts.first)
        var commented: (post: Int, comment: Int)?
        for id in posts.dropFirst() {
            let comments =
                v4
                ? try await bob.send(LemmyV4.GetComments(ApiGetComments(postId: id))).items.map(\.comment.id)
                : try await bob.send(LemmyV3.GetComments(ApiGetComments(postId: id))).comments.map(\.comment.id)
            if let first = comments.first {
                commented = (id, first)
                break
            }
        }
        let (commentPost, commentId) = try #require(commented)
        // Locked first: 1.0 locks no removed post.
        let remove = ApiRemovePost(postId: postId, removed: true, reason: "spam")
        let lock = ApiLockPost(postId: postId, locked: true, reason: v4 ? "heated" : nil)
        let removeComment = ApiRemoveComment(commentId: commentId, removed: true, reason: "rude")
        if v4 {
            _ = try await bob.send(LemmyV4.LockPost(lock))
            _ = try await bob.send(LemmyV4.RemovePost(remove))
            _ = try await bob.send(LemmyV4.RemoveComment(removeComment))
            _ = try await admin.send(LemmyV4.PurgePost(ApiPurgePost(postId: postId, reason: "gone")))
            _ = try await admin.send(LemmyV4.PurgePost(ApiPurgePost(postId: commentPost, reason: "gone too")))
        } else {
            _ = try await bob.send(LemmyV3.LockPost(lock))
            _ = try await bob.send(LemmyV3.RemovePost(remove))
            _ = try await bob.send(LemmyV3.RemoveComment(removeComment))
            _ = try await admin.send(LemmyV3.PurgePost(ApiPurgePost(postId: postId, reason: "gone")))
            _ = try await admin.send(LemmyV3.PurgePost(ApiPurgePost(postId: commentPost, reason: "gone too")))
        }
        return (postId, commentPost, commentId)
    }

    @Test("0.18 and 0.19 delete the entries of a purged post and its comments; the purges stay", arguments: [LemmyDialect.v0_18, .v0_19])
    func purgeDeletesEntries(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let ids = try await Self.removeThenPurge(server)
            let admin = try await TestClient(server).login("admin")
            let log = try await admin.send(LemmyV3.GetModlog(ApiGetModlog()))
            #expect(!log.removedPosts.contains { $0.post.id == ids.post })
            #expect(!log.lockedPosts.contains { $0.post.id == ids.post })
            #expect(!log.removedComments.contains { $0.comment.id == ids.comment })
            #expect(log.adminPurgedPosts.compactMap(\.adminPurgePost.reason).sorted() == ["gone", "gone too"])
        }
    }

    @Test("1.0 deletes the entries of a purged post and its comments too (its foreign keys cascade); the purges stay")
    func purgeDeletesEntriesOn10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let before = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(limit: 50))).items.count
            let ids = try await Self.removeThenPurge(server)
            let log = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(limit: 50))).items
            // The lock, the removals and the comment's removal went with their targets' rows.
            // Three entries went with their targets' rows (the lock and the removals), two purges came.
            #expect(log.count == before + 2)
            #expect(!log.contains { $0.targetPost?.id == ids.post || $0.targetComment?.id == ids.comment })
            // 1.0 stores a purged post's community, so the community's modlog lists the purge.
            let scoped = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(communityId: 1, limit: 50))).items
            #expect(scoped.filter { $0.modlog.kind == .adminPurgePost }.count == 2)
            #expect(scoped.allSatisfy { $0.modlog.kind != .adminPurgePost || $0.targetCommunity?.id == 1 })
        }
    }

    @Test("1.0 deletes the entries naming a purged community (a transfer, an appointment); a purged person's stay")
    func communityPurgeDeletesEntriesOn10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            try server.store.with { $0.communities[1].moderators = [3, 4] }
            _ = try await admin.send(LemmyV4.TransferCommunity(ApiTransferCommunity(communityId: 2, personId: 4)))
            _ = try await admin.send(LemmyV4.AddModToCommunity(ApiAddModToCommunity(communityId: 1, personId: 2, added: true)))
            _ = try await admin.send(LemmyV4.PurgeCommunity(ApiPurgeCommunity(communityId: 2, reason: "gone")))
            _ = try await admin.send(LemmyV4.PurgePerson(ApiPurgePerson(personId: 2, reason: "gone")))
            let log = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(limit: 50))).items
            #expect(!log.contains { $0.modlog.kind == .modTransferCommunity })
            let appointment = try #require(log.first { $0.modlog.kind == .modAddToCommunity })
            #expect(appointment.targetPerson?.id == 2 && appointment.targetCommunity?.id == 1)
        }
    }

    @Test("1.0 names the targets each kind stores: a feature no person, a community's removal its top moderator and the admin's instance")
    func targetsOn10() async throws {
        try await withServer(.v1_0) { server in
            let client = TestClient(server)
            let bob = try await client.login("bob")
            let admin = try await client.login("admin")
            let postId = try #require(try await bob.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 1)).posts.first?.post.id)
            _ = try await bob.send(LemmyV4.FeaturePost(ApiFeaturePost(postId: postId, featured: true, featureType: .community)))
            _ = try await admin.send(LemmyV4.RemoveCommunity(ApiRemoveCommunity(communityId: 2, removed: true, reason: "dead")))
            let log = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(limit: 50))).items
            let feature = try #require(log.first { $0.modlog.kind == .modFeaturePostCommunity })
            #expect(feature.targetPost?.id == postId && feature.targetCommunity?.id == 1)
            #expect(feature.targetPerson == nil)
            let removal = try #require(log.first { $0.modlog.kind == .adminRemoveCommunity })
            #expect(removal.targetCommunity?.id == 2)
            #expect(removal.targetPerson?.name == "bob")
            #expect(removal.targetInstance != nil)
        }
    }

    /// Whether `viewer`'s modlog (optionally of `community`) names the moderator of a lock.
    static func namesModerator(_ server: LemmyTestServer, viewer: String, community: Int?) async throws -> Bool {
        let client = try await TestClient(server).login(viewer)
        if server.dialect == .v1_0 {
            let log = try await client.send(LemmyV4.GetModlog(ApiGetModlog(communityId: community, limit: 50))).items
            let lock = try #require(log.first { $0.modlog.kind == .modLockPost })
            return lock.moderator != nil
        }
        let log = try await client.send(LemmyV3.GetModlog(ApiGetModlog(communityId: community)))
        let lock = try #require(log.lockedPosts.first)
        return lock.moderator != nil
    }

    @Test(
        "Who sees the moderators' names: 0.18 a community's moderators in its modlog, 0.19 any moderator, 1.0 as 0.18; admins always",
        arguments: LemmyDialect.allCases)
    func moderatorNames(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            // The admin locks a post of community 3, which bob does not moderate (he has 1 and 2).
            let postId = try #require(try await admin.posts(ApiGetPosts(sort: .new, communityId: 3, limit: 1)).posts.first?.post.id)
            let lock = ApiLockPost(postId: postId, locked: true, reason: dialect == .v1_0 ? "heated" : nil)
            if dialect == .v1_0 {
                _ = try await admin.send(LemmyV4.LockPost(lock))
            } else {
                _ = try await admin.send(LemmyV3.LockPost(lock))
            }

            #expect(try await Self.namesModerator(server, viewer: "admin", community: nil))
            #expect(try await Self.namesModerator(server, viewer: "admin", community: 3))
            #expect(try await !Self.namesModerator(server, viewer: "alice", community: nil))
            #expect(try await !Self.namesModerator(server, viewer: "alice", community: 3))
            // bob moderates other communities: 0.19 names everyone to any moderator.
            #expect(try await Self.namesModerator(server, viewer: "bob", community: nil) == (dialect == .v0_19))
            #expect(try await Self.namesModerator(server, viewer: "bob", community: 3) == (dialect == .v0_19))
        }
    }

    @Test("other_person_id, post_id and comment_id filter as each version reads them", arguments: LemmyDialect.allCases)
    func targetFilters(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let bob = try await client.login("bob")
            let admin = try await client.login("admin")
            let v4 = dialect == .v1_0
            let posts = try await bob.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 20)).posts
            let locked = try #require(posts.first)
            var removedComment: ApiCommentView?
            for post in posts.dropFirst() where removedComment == nil { removedComment = try await bob.comments(post: post.post.id).first }
            let comment = try #require(removedComment)
            let lock = ApiLockPost(postId: locked.post.id, locked: true, reason: v4 ? "heated" : nil)
            let remove = ApiRemoveComment(commentId: comment.comment.id, removed: true, reason: "rude")
            let ban = ApiBanFromCommunity(communityId: 1, personId: 4, ban: true, reason: "spam")
            if v4 {
                _ = try await bob.send(LemmyV4.LockPost(lock))
                _ = try await bob.send(LemmyV4.RemoveComment(remove))
                _ = try await bob.send(LemmyV4.BanFromCommunity(ban))
            } else {
                _ = try await bob.send(LemmyV3.LockPost(lock))
                _ = try await bob.send(LemmyV3.RemoveComment(remove))
                _ = try await bob.send(LemmyV3.BanFromCommunity(ban))
            }
            /// (locked post ids, removed comment ids, banned person ids) of the admin's filtered modlog.
            func log(_ form: ApiGetModlog) async throws -> (locks: [Int], comments: [Int], bans: [Int]) {
                if v4 {
                    let items = try await admin.send(LemmyV4.GetModlog(form)).items
                    return (
                        items.filter { $0.modlog.kind == .modLockPost }.compactMap(\.targetPost?.id),
                        items.filter { $0.modlog.kind == .modRemoveComment }.compactMap(\.targetComment?.id),
                        items.filter { $0.modlog.kind == .modBanFromCommunity }.compactMap(\.targetPerson?.id)
                    )
                }
                let response = try await admin.send(LemmyV3.GetModlog(form))
                return (
                    response.lockedPosts.map(\.post.id), response.removedComments.map(\.comment.id),
                    response.bannedFromCommunity.map(\.bannedPerson.id)
                )
            }
            let byPerson = try await log(ApiGetModlog(otherPersonId: 4))
            #expect(byPerson.bans == [4])
            #expect(byPerson.locks == (locked.creator.id == 4 ? [locked.post.id] : []))
            #expect(byPerson.comments == (comment.creator.id == 4 ? [comment.comment.id] : []))
            guard dialect != .v0_18 else { return }  // post_id and comment_id came in 0.19.4
            let byPost = try await log(ApiGetModlog(postId: locked.post.id))
            #expect(byPost.locks == [locked.post.id])
            #expect(byPost.comments.isEmpty && byPost.bans.isEmpty)
            let byComment = try await log(ApiGetModlog(commentId: comment.comment.id))
            #expect(byComment.comments == [comment.comment.id])
            #expect(byComment.locks.isEmpty && byComment.bans.isEmpty)
            // 0.19 leaves comment removals out of a post's modlog; 1.0 stores the comment's post.
            let byCommentsPost = try await log(ApiGetModlog(postId: comment.post.id))
            #expect(byCommentsPost.comments == (v4 ? [comment.comment.id] : []))
        }
    }
}

/// GetModlog's `type_`, 1.0's `listing_type`, and 0.18's and 0.19's paging, one table per kind.
@Suite("Modlog kinds and pages")
struct ModlogKindTests {
    /// bob locks a post and removes a comment in community 1: with the seed's removed posts, three kinds.
    static func lockAndRemove(_ server: LemmyTestServer) async throws -> TestClient {
        let bob = try await TestClient(server).login("bob")
        let posts = try await bob.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 20)).posts.map(\.post.id)
        let post = try #require(posts.first)
        let comment = try #require(try await bob.comments(ApiGetComments(type: .all, sort: .new, limit: 1, communityId: 1)).first)
        let lock = ApiLockPost(postId: post, locked: true, reason: server.dialect == .v1_0 ? "heated" : nil)
        let remove = ApiRemoveComment(commentId: comment.comment.id, removed: true, reason: "rude")
        if server.dialect == .v1_0 {
            _ = try await bob.send(LemmyV4.LockPost(lock))
            _ = try await bob.send(LemmyV4.RemoveComment(remove))
        } else {
            _ = try await bob.send(LemmyV3.LockPost(lock))
            _ = try await bob.send(LemmyV3.RemoveComment(remove))
        }
        return bob
    }

    @Test("0.18/0.19 page each kind's table on its own, and type_ picks one table", arguments: [LemmyDialect.v0_18, .v0_19])
    func v3(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let bob = try await Self.lockAndRemove(server)
            let page = try await bob.send(LemmyV3.GetModlog(ApiGetModlog(limit: 2)))
            #expect(page.removedPosts.count == 2 && page.lockedPosts.count == 1 && (1...2).contains(page.removedComments.count))
            let second = try await bob.send(LemmyV3.GetModlog(ApiGetModlog(limit: 2, page: 2)))
            #expect(second.removedPosts.count == 2 && second.lockedPosts.isEmpty)
            #expect(Set(second.removedPosts.map(\.modRemovePost.id)).isDisjoint(with: page.removedPosts.map(\.modRemovePost.id)))

            let locks = try await bob.send(LemmyV3.GetModlog(ApiGetModlog(type: .string("ModLockPost"))))
            #expect(locks.lockedPosts.count == 1 && locks.removedPosts.isEmpty && locks.removedComments.isEmpty)
            let all = try await bob.send(LemmyV3.GetModlog(ApiGetModlog(type: .string("All"), limit: 2)))
            #expect(all.removedPosts.count == 2 && all.lockedPosts.count == 1)
            for wrong in ["mod_lock_post", "LockPost"] {
                #expect(try await bob.sendRaw(LemmyV3.GetModlog(ApiGetModlog(type: .string(wrong)))).status == 400)
            }
        }
    }

    @Test("1.0's type_ is a ModlogKind in snake case, or all")
    func v1() async throws {
        try await withServer(.v1_0, scale: .small) { server in
            let bob = try await Self.lockAndRemove(server)
            let locks = try await bob.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("mod_lock_post"), limit: 50))).items
            #expect(locks.count == 1 && locks.allSatisfy { $0.modlog.kind == .modLockPost })
            let all = try await bob.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("all"), limit: 50))).items
            #expect(Set(all.map(\.modlog.kind)).isSuperset(of: [.modLockPost, .modRemoveComment, .modRemovePost]))
            #expect(try await bob.sendRaw(LemmyV4.GetModlog(ApiGetModlog(type: .string("ModLockPost")))).status == 400)
        }
    }

    @Test("1.0's listing_type reads each entry's community: Subscribed, the moderator view, Local; Suggested lists nothing here")
    func listingOn10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let alice = try await TestClient(server).login("alice")
            // bob moderates community 1, the admin community 3; alice follows 1 and 2.
            for (moderator, community) in [(bob, 1), (admin, 3)] {
                let post = try #require(try await moderator.posts(ApiGetPosts(sort: .new, communityId: community, limit: 1)).posts.first)
                let removal = ApiRemovePost(postId: post.post.id, removed: true, reason: "Off topic")
                #expect(try await moderator.sendRaw(LemmyV4.RemovePost(removal)).status == 200)
            }
            func communities(_ client: TestClient, _ listing: ApiListingType?) async throws -> Set<Int> {
                let form = ApiGetModlog(type: .string("mod_remove_post"), listingType: listing, limit: 50)
                return Set(try await client.send(LemmyV4.GetModlog(form)).items.compactMap(\.targetCommunity?.id))
            }
            #expect(try await communities(alice, nil) == [1, 3])
            #expect(try await communities(alice, .all) == [1, 3])
            #expect(try await communities(alice, .subscribed) == [1])
            #expect(try await communities(bob, .moderatorView) == [1])
            #expect(try await communities(admin, .moderatorView) == [3])
            #expect(try await communities(alice, .local) == [1, 3])
            #expect(try await communities(alice, .suggested).isEmpty)
            #expect(try await communities(TestClient(server), .subscribed).isEmpty)
        }
    }
}
