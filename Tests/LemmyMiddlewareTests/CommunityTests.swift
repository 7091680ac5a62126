import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Listing, creating, editing and hiding communities, and pending follows, over HTTP in each dialect.
@Suite("Communities") @MainActor
struct CommunityTests {
    @Test("Community lists page by listing and sort, with one live model per community", arguments: LemmyDialect.allCases)
    func listing(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let first = try await alice.getCommunities(listing: .all, sort: .new, limit: 2)
            #expect(first.items.map(\.id) == [3, 2])
            let next = try #require(first.next)
            let second = try await alice.getCommunities(listing: .all, sort: .new, limit: 2, cursor: next)
            #expect(second.items.map(\.id) == [1])
            let old = try await alice.getCommunities(listing: .all, sort: .old, limit: 10)
            #expect(old.items.map(\.id) == [1, 2, 3])
            #expect(old.items[0] === second.items[0])
            #expect(try await alice.getCommunity(id: 1).community2 === old.items[0])

            let subscribed = try await alice.getCommunities(listing: .subscribed, limit: 10)
            #expect(Set(subscribed.items.map(\.id)) == [1, 2])
            #expect(subscribed.items.allSatisfy { $0.subscription == .subscribed })

            let bob = try await login(server, "bob")
            if dialect != .v1_0 {
                // 0.18 lacks the listing; 0.19 takes it and lists every community (its
                // `CommunityQuery::list` does not filter by it), so the client does not ask.
                do {
                    _ = try await bob.getCommunities(listing: .moderatorView)
                    Issue.record("the moderator view was asked of \(dialect)")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
                #expect(try await bob.supportedCommunityListings() == [.all, .local, .subscribed])
            } else {
                #expect(Set(try await bob.getCommunities(listing: .moderatorView).items.map(\.id)) == [1, 2])
                #expect(try await bob.supportedCommunityListings().contains(.moderatorView))
            }
        }
    }

    @Test("Community sorts are those of the server's version; another is refused before a request", arguments: LemmyDialect.allCases)
    func sorts(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let sorts = try await alice.supportedCommunitySorts()
            #expect(sorts.contains(.hot) && sorts.contains(.new))
            #expect(sorts.contains(.nameAscending) == (dialect == .v1_0))
            #expect(sorts.contains(.top(.week)) == (dialect != .v1_0))
            let missing: CommunitySortType = dialect == .v1_0 ? .top(.week) : .nameAscending
            do {
                _ = try await alice.getCommunities(sort: missing)
                Issue.record("\(missing) was sent")
            } catch {
                #expect(error.isUnavailableInVersion)
            }
            for sort in sorts { _ = try await alice.getCommunities(sort: sort, limit: 1) }
        }
    }

    @Test("A community feed loads every page in order", arguments: LemmyDialect.allCases)
    func feed(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let feed = CommunityFeed(api: alice, query: CommunityFeedQuery(listing: .all, sort: .old, pageSize: 2))
            await feed.loadMore()
            while case .idle = feed.loadingState, feed.items.count < 3 { await feed.loadMore() }
            #expect(feed.items.map(\.id) == [1, 2, 3])
            #expect(try await alice.getCommunity(id: 2).community2 === feed.items[1])
            await feed.setQuery(CommunityFeedQuery(listing: .subscribed, sort: .old, pageSize: 2))
            await feed.loadMore()
            #expect(feed.items.map(\.id) == [1, 2])
        }
    }

    @Test("Creating a community makes the account its moderator; fields the version lacks are refused", arguments: LemmyDialect.allCases)
    func create(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            var details = CommunityDetails(
                title: "Swift Testing", description: "All about *tests*.", nsfw: false,
                onlyModeratorsCanPost: true)
            let community = try await alice.createCommunity(name: "swift_testing", details)
            #expect(community.name == "swift_testing")
            #expect(community.displayName == "Swift Testing")
            #expect(community.description == "All about *tests*.")
            #expect(community.onlyModeratorsCanPost)
            #expect(account.moderatedCommunityIds.contains(community.id))
            #expect(try await alice.loadAccount().moderatedCommunityIds.contains(community.id))

            // The server refuses a taken name with its code.
            do {
                _ = try await alice.createCommunity(name: "swift_testing", details)
                Issue.record("a duplicate community was created")
            } catch {
                #expect(error.lemmyCodeName == "community_already_exists")
            }

            // Icon URLs: 0.18 and 0.19 take them; 1.0 uploads them instead.
            details.icon = URL(string: "https://images.example/icon.png")
            if dialect == .v1_0 {
                await #expect(throws: ApiClientError.self) { _ = try await alice.createCommunity(name: "with_icon", details) }
            } else {
                #expect(try await alice.createCommunity(name: "with_icon", details).icon == details.icon)
            }

            // Visibility: from 0.19.9 on; local-only exists on 0.19, unlisted on 1.0.
            let visibility: CommunityVisibility = dialect == .v1_0 ? .unlisted : .localOnly
            let hidden = CommunityDetails(title: "Quiet place", visibility: visibility)
            if dialect == .v0_18 {
                do {
                    _ = try await alice.createCommunity(name: "quiet", hidden)
                    Issue.record("visibility was sent to 0.18")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
            } else {
                _ = try await alice.createCommunity(name: "quiet", hidden)
                let wrong = CommunityDetails(title: "Quieter", visibility: dialect == .v1_0 ? .localOnly : .unlisted)
                do {
                    _ = try await alice.createCommunity(name: "quieter", wrong)
                    Issue.record("a visibility of another version was sent")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
            }
        }
    }

    @Test("Moderators edit their community; others get the version's refusal", arguments: LemmyDialect.allCases)
    func edit(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let before = try await bob.getCommunity(id: 1).community2
            let edited = try await bob.editCommunity(id: 1, CommunityDetails(title: "Renamed", description: "New sidebar", nsfw: true))
            #expect(edited === before)
            #expect(edited.displayName == "Renamed")
            #expect(edited.description == "New sidebar")
            #expect(edited.nsfw)

            let alice = try await login(server, "alice")
            do {
                _ = try await alice.editCommunity(id: 1, CommunityDetails(title: "Hijacked"))
                Issue.record("a non-moderator edited the community")
            } catch {
                #expect(error.lemmyCodeName == (dialect == .v0_18 ? "not_a_moderator" : "not_a_mod_or_admin"))
            }
            #expect(try await bob.getCommunity(id: 1).displayName == "Renamed")
        }
    }

    @Test("Admins hide a community from listings (0.19 only: 1.0 replaced it with visibility)", arguments: LemmyDialect.allCases)
    func hide(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let alice = try await login(server, "alice")
            guard dialect == .v0_19 else {
                do {
                    try await admin.hideCommunity(id: 3)
                    Issue.record("hide was sent to \(dialect)")
                } catch {
                    #expect(error.isUnavailableInVersion)
                }
                return
            }
            do {
                try await alice.hideCommunity(id: 3)
                Issue.record("a non-admin hid a community")
            } catch {
                #expect(error.lemmyCodeName == "not_an_admin")
            }
            try await admin.hideCommunity(id: 3, reason: "spam")
            #expect(try await alice.getCommunities(listing: .all, limit: 10).items.map(\.id).contains(3) == false)
            #expect(try await admin.getCommunities(listing: .all, limit: 10).items.map(\.id).contains(3))
            try await admin.hideCommunity(id: 3, hidden: false)
            #expect(try await alice.getCommunities(listing: .all, limit: 10).items.map(\.id).contains(3))
        }
    }

    @Test("Following a remote community stays pending until it accepts; unfollowing clears it", arguments: LemmyDialect.allCases)
    func pendingFollow(dialect: LemmyDialect) async throws {
        // Remote communities come from the seed's media pass; the first seeds with one are used.
        for seed in UInt64(1)...20 {
            let server = try await LemmyTestServer.start(dialect: dialect, scale: .small, seed: seed)
            let checked: Bool
            do { checked = try await checkPendingFollow(server) } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            if checked { return }
        }
        Issue.record("no seed up to 20 has a remote community")
    }

    @Test("Following a private community (1.0) waits for approval, shown as pending; its moderators follow at once")
    func privateCommunityFollow() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let created = try await alice.createCommunity(
                name: "members_only", CommunityDetails(title: "Members only", visibility: .private))
            #expect(created.subscription == .subscribed)
            let bob = try await login(server, "bob")
            let community = try await bob.getCommunity(id: created.id).community2
            #expect(community.subscription == .unsubscribed)
            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(community.subscription == .pending)
            #expect(try await bob.getCommunity(id: created.id).subscription == .pending)
            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(community.subscription == .unsubscribed)
        }
    }

    /// Runs the pending-follow checks if the server has a remote community; false if it has none.
    private func checkPendingFollow(_ server: LemmyTestServer) async throws -> Bool {
        let admin = try await login(server, "admin")
        let communities = try await admin.getCommunities(listing: .all, limit: 50).items
        guard let remote = communities.first(where: { !$0.isLocal && !$0.subscription.isSubscribed }) else { return false }
        let local = try #require(communities.first { $0.isLocal && !$0.subscription.isSubscribed })

        #expect(await remote.toggleSubscribe() == .confirmed)
        #expect(remote.subscription == .pending)
        #expect(try await admin.getCommunity(id: remote.id).subscription == .pending)
        // 0.18 and 0.19 list a pending follow as subscribed (any follower row); 1.0 accepted ones only.
        let listed = try await admin.getCommunities(listing: .subscribed, limit: 50).items.contains { $0 === remote }
        #expect(listed == (server.dialect != .v1_0))

        #expect(await local.toggleSubscribe() == .confirmed)
        #expect(local.subscription == .subscribed)

        #expect(await remote.toggleSubscribe() == .confirmed)
        #expect(remote.subscription == .unsubscribed)
        #expect(try await admin.getCommunity(id: remote.id).subscription == .unsubscribed)
        return true
    }
}

extension Error {
    /// The Lemmy error code the server answered with, if any (`community_already_exists`, ...).
    var lemmyCodeName: String? { (self as? ApiClientError)?.lemmyCode?.code }

    /// Whether the call was refused before sending because the server's version lacks something.
    var isUnavailableInVersion: Bool { (self as? ApiClientError)?.kind == .unavailableInVersion }

    /// Whether the error is ``ApiClientError/Kind/notLoggedIn``.
    var isNotLoggedIn: Bool { (self as? ApiClientError)?.kind == .notLoggedIn }

    /// ``ApiClientError/isWrongPassword`` of an untyped error.
    var isWrongPassword: Bool { (self as? ApiClientError)?.isWrongPassword ?? false }
    /// ``ApiClientError/needsTOTP`` of an untyped error.
    var needsTOTP: Bool { (self as? ApiClientError)?.needsTOTP ?? false }
    /// ``ApiClientError/isWrongTOTP`` of an untyped error.
    var isWrongTOTP: Bool { (self as? ApiClientError)?.isWrongTOTP ?? false }
}
