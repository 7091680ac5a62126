import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// ApiClient identity, guests, permissions and logout, against a real server.
@Suite("ApiClient") @MainActor
struct ClientTests {
    @Test("getApiClient returns the live client for the same (url, token)", arguments: LemmyDialect.allCases)
    func sameClient(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let a = ApiClient.getApiClient(for: server.baseURL, with: "token-a")
            let b = ApiClient.getApiClient(for: server.baseURL.appendingPathComponent("/"), with: "token-a")
            let other = ApiClient.getApiClient(for: server.baseURL, with: "token-b")
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            #expect(a === b)
            #expect(a !== other)
            #expect(guest.isGuest)
            #expect(!a.isGuest)
            #expect(a.asGuest() === guest)
            #expect(ApiClient.getApiClient(for: AccountCredentials(instanceURL: server.baseURL, token: "token-a")) === a)
            #expect(!"\(AccountCredentials(instanceURL: server.baseURL, token: "token-a"))".contains("token-a"))
            #expect(guest.account == nil)
        }
    }

    @Test("A guest client has no token and refuses mutations", arguments: LemmyDialect.allCases)
    func guest(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            let post = try #require(try await guest.getPosts(limit: 5).items.first)
            #expect(post.votes.myVote == .none)
            let before = post.votes
            #expect(await post.toggleUpvote() == .failed(.notLoggedIn))
            #expect(post.votes == before)
        }
    }

    @Test("Read-only refuses mutations with a typed error and leaves the model alone; none refuses reads", arguments: LemmyDialect.allCases)
    func permissions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try #require(try await client.getPosts(limit: 5).items.first)
            let before = post.votes
            client.permissions = .readOnly
            #expect(await post.toggleUpvote() == .failed(.permissionDenied(.readOnly)))
            #expect(await post.toggleSave() == .failed(.permissionDenied(.readOnly)))
            #expect(post.votes == before)
            _ = try await client.getPost(id: post.id)
            client.permissions = .none
            await #expect(throws: ApiClientError.permissionDenied(.none)) { _ = try await client.getPosts() }
            client.permissions = .all
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(post.votes.myVote == .upvote)
        }
    }

    @Test("Logout invalidates the token on the server", arguments: LemmyDialect.allCases)
    func logout(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let raw = LemmyRawClient(instanceURL: server.baseURL)
            let form = ApiLogin(usernameOrEmail: "carol", password: "password")
            let jwt: String? =
                dialect == .v1_0
                ? try await raw.send(LemmyV4.Login(form)).jwt
                : try await raw.send(LemmyV3.Login(form)).jwt
            let token = try #require(jwt)
            let client = ApiClient.getApiClient(for: server.baseURL, with: token, loader: GatingLoader())
            let account = try await client.loadAccount()
            #expect(account.person?.name == "carol")
            try await client.logout()
            #expect(client.isGuest)
            let reused = LemmyRawClient(instanceURL: server.baseURL, token: token)
            if dialect == .v0_18 {
                // 0.18 has no logout endpoint: the token stays valid on the server until it expires.
                let site = try await reused.send(LemmyV3.GetSite())
                #expect(site.myUser != nil)
            } else if dialect == .v1_0 {
                await #expect(throws: LemmyClientError.self) { try await reused.send(LemmyV4.GetMyUser()) }
            } else {
                let site = try? await reused.send(LemmyV3.GetSite())
                #expect(site?.myUser == nil)
            }
        }
    }

    @Test("The account loads subscriptions and follows subscribe and block", arguments: LemmyDialect.allCases)
    func accountState(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let account = try await client.loadAccount()
            #expect(account.person?.name == "alice")
            #expect(account.subscribedCommunityIds.count == 2)
            let communityId = try #require(account.subscribedCommunityIds.sorted().first)
            let community = try await client.getCommunity(id: communityId)
            #expect(community.subscription == .subscribed)
            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(community.subscription == .unsubscribed)
            #expect(!account.subscribedCommunityIds.contains(communityId))
            let reloaded = try await client.getCommunity(id: communityId)
            #expect(reloaded === community)
            #expect(reloaded.subscription == .unsubscribed)

            let bob = try #require(community.moderators.first)
            #expect(await bob.toggleBlock() == .confirmed)
            #expect(bob.blocked)
            #expect(account.blockedPersonIds.contains(bob.id))
            try await client.loadAccount()
            #expect(account.blockedPersonIds.contains(bob.id))
        }
    }

    @Test("A rejected token asks the refresh hook and retries once", arguments: LemmyDialect.allCases)
    func tokenRefresh(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let raw = LemmyRawClient(instanceURL: server.baseURL)
            let form = ApiLogin(usernameOrEmail: "alice", password: "password")
            let jwt: String? =
                dialect == .v1_0
                ? try await raw.send(LemmyV4.Login(form)).jwt
                : try await raw.send(LemmyV3.Login(form)).jwt
            let fresh = try #require(jwt)
            let client = ApiClient.getApiClient(for: server.baseURL, with: "stale-token", loader: GatingLoader())
            let refreshes = Counter()
            client.tokenRefreshHandler = { _ in
                refreshes.increment()
                return fresh
            }
            let post = try await client.getPost(id: 12)
            #expect(await post.toggleSave() == .confirmed)
            #expect(post.saved)
            #expect(refreshes.value == 1)
            #expect(ApiClient.getApiClient(for: server.baseURL, with: fresh) === client)
        }
    }

    @Test("Saving a post marks it read, as Lemmy does, and the model shows it", arguments: LemmyDialect.allCases)
    @MainActor func saveMarksRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "carol")
            let feed = PostFeed(api: client, query: PostFeedQuery(feed: .all, sort: .new))
            await feed.loadMore()
            let post = try #require(feed.items.first { !$0.read && !$0.saved })
            #expect(await post.toggleSave() == .confirmed)
            #expect(post.saved && post.read)
        }
    }
}
