public import Foundation
public import HTTPLoading
public import Observation
internal import LemmyAPI

/// The entry point of LemmyMiddleware: one Lemmy instance seen by one account (or a guest).
///
/// <!-- sample: doc-apiclient -->
/// ```swift
/// let client = ApiClient.getApiClient(for: URL(string: "https://lemmy.ml")!, with: token)
/// let page = try await client.getPosts(feed: .all, sort: .hot)
/// await page.items[0].toggleUpvote()          // shown at once; rolled back if refused
/// ```
///
/// **Isolation.** `ApiClient` and every content model are `@MainActor`: they are UI-facing
/// `@Observable` state, and one isolation domain makes the identity caches and the optimistic
/// mutations race-free without locks. Network work and JSON decoding run off the main actor in
/// the raw client; only the merge into the models happens on it.
///
/// **Identity.** Clients are cached per (instance URL, token): ``getApiClient(for:with:loader:)``
/// returns the live client if there is one. A client's account never changes; ``asGuest()`` and
/// ``login(to:username:password:totp:loader:)`` give other clients. Each client keeps one live model per
/// entity id and tier (see ``cacheStatistics``), held weakly.
///
/// **Versions.** The first request detects the server version (0.18, 0.19 or 1.0) and every
/// request uses that version's API; models look the same whichever version answered.
@MainActor @Observable
public final class ApiClient {
    /// The instance, normalised (no trailing slash).
    public let baseURL: URL
    /// What the client may send; see ``ApiClientPermissions``.
    public var permissions: ApiClientPermissions = .all
    /// Called when the server rejects the token; return a fresh token to retry once, or nil.
    @ObservationIgnored public var tokenRefreshHandler: (@MainActor (ApiClient) async -> String?)?
    /// The signed-in account's state (subscriptions, blocks, unread counts); nil for a guest.
    public let account: Account?

    @ObservationIgnored let tokenStore: LemmyTokenStore
    @ObservationIgnored let raw: LemmyRawClient
    @ObservationIgnored let loader: (any HTTPLoader)?
    @ObservationIgnored let caches = ModelCaches()
    @ObservationIgnored private var cacheKey: ClientKey
    /// The sequence number of the last request numbered (requests are numbered in the order they are sent).
    @ObservationIgnored var nextSequence: UInt64 = 0
    /// The sequence number of the request whose answer is being merged now.
    @ObservationIgnored var mergeSequence: UInt64 = 0
    /// For each person whose model holds a dated vote tally: the last sequence number sent when
    /// that tally arrived; later requests were sent after it (see `standingTally(of:held:incoming:)`).
    /// Unchecked: every access is an instant read or write on the main actor, and the check
    /// cost each merged post and comment more than the lookup it guards.
    @ObservationIgnored @exclusivity(unchecked) var tallyMarks: [Int: UInt64] = [:]
    /// How the server that answered stores text: 0.18.3 to 0.18.5 escape it as HTML, which the
    /// snapshots undo (see `LemmyEscapedText`). Set with ``mergeSequence``.
    @ObservationIgnored var escapedText: LemmyEscapedText = .verbatim
    /// The reports this client made that are still held, for removals to resolve (see `HeldReports`).
    @ObservationIgnored var heldReports = HeldReports()
    /// Instance blocks the server confirmed last (what a failed instance block rolls back to).
    @ObservationIgnored var confirmedBlockedInstanceIds: Set<Int> = []
    /// Orders instance blocks: each is sent after the previous one finished.
    @ObservationIgnored var instanceBlocks = MutationQueue()
    /// Comments whose creation lost its answer and was not found since, with when it was first
    /// tried (see ``createComment(postId:parentId:content:)``).
    @ObservationIgnored var uncertainComments: [UncertainComment: Date] = [:]
    /// Posts whose creation lost its answer and was not found since, with when it was first
    /// tried (see ``createPost(communityId:title:body:url:altText:nsfw:languageId:customThumbnail:tags:)``).
    @ObservationIgnored var uncertainPosts: [UncertainPost: Date] = [:]
    /// What this client purged (admins); feeds leave it out (see ``isPurged(_:id:)``). Observed,
    /// so views of ``LemmyFeed/items`` update when something is purged.
    var purged = PurgedIds()
    /// The token refresh in flight, shared by every request the old token failed.
    @ObservationIgnored var tokenRefresh: Task<String?, Never>?

    init(baseURL: URL, token: String?, loader: (any HTTPLoader)?) {
        self.baseURL = baseURL
        self.tokenStore = LemmyTokenStore(token)
        self.loader = loader
        self.raw = LemmyRawClient(instanceURL: baseURL, tokenProvider: tokenStore, loader: loader)
        self.cacheKey = ClientKey(url: baseURL, token: token)
        self.account = token == nil ? nil : Account()
    }

    // Counted for the client cache, which skips its scans for dead entries while no client
    // died (see ReleaseCounter).
    deinit {
        Self.releases.record()
    }

    /// Whether the client has no token.
    public var isGuest: Bool { tokenStore.token == nil }

    /// Whether the client holds a token (never the token itself).
    public var isAuthenticated: Bool { !isGuest }

    /// The Lemmy version the server reports, detecting it if needed (one shared GetSite).
    public func serverVersion() async throws(ApiClientError) -> String {
        try await version().rawValue
    }

    /// The server version if already detected.
    public var knownServerVersion: String? { raw.knownServerVersion?.rawValue }
}

// MARK: - Client identity

/// The key of the client cache: a normalised instance URL and the token.
struct ClientKey: Hashable {
    var url: URL
    var token: String?
}

extension ApiClient {
    /// Where every client counts its release, for ``clients``.
    nonisolated static let releases = ReleaseCounter()
    private static let clients = WeakCache<ClientKey, ApiClient>(releases: releases)

    /// The live client for `url` and `token`, or a new one.
    ///
    /// - Parameters:
    ///   - url: the instance, e.g. `https://lemmy.ml` (a trailing slash is ignored).
    ///   - token: the account's JWT; nil for a guest.
    ///   - loader: the HTTPLoading chain for a new client (the raw client's default when nil);
    ///     ignored when a live client is returned.
    public static func getApiClient(for url: URL, with token: String?, loader: (any HTTPLoader)? = nil) -> ApiClient {
        let key = ClientKey(url: normalize(url), token: token)
        if let client = clients[key] { return client }
        let client = ApiClient(baseURL: key.url, token: token, loader: loader)
        clients.insert(client, for: key)
        return client
    }

    /// The live client for a saved account, or a new one.
    public static func getApiClient(for account: AccountCredentials, loader: (any HTTPLoader)? = nil) -> ApiClient {
        getApiClient(for: account.instanceURL, with: account.token, loader: loader)
    }

    /// Logs in and returns the account's client.
    ///
    /// A wrong user name or password is a ``ApiClientError/Kind/lemmy`` error for which
    /// ``ApiClientError/isWrongPassword`` holds, as for the other calls that take a password: the
    /// same code, `incorrect_login`, is how Lemmy 0.19 and 1.0 refuse an expired or revoked session
    /// on any other call, which is ``ApiClientError/Kind/notLoggedIn``.
    public static func login(
        to url: URL, username: String, password: String, totp: String? = nil,
        loader: (any HTTPLoader)? = nil
    ) async throws(ApiClientError) -> ApiClient {
        let guest = getApiClient(for: url, with: nil, loader: loader)
        let form = ApiLogin(usernameOrEmail: username, password: password, totp2faToken: totp)
        let response: ApiLoginResponse
        do {
            response = try await guest.send(LemmyAnyGeneration.Login(form), mutation: false)
        } catch  where error.lemmyCode == .incorrectLogin {
            throw .lemmy(.incorrectLogin, message: error.message)
        }
        guard let jwt = response.jwt else { throw .notLoggedIn }
        return getApiClient(for: url, with: jwt, loader: guest.loader)
    }

    /// The guest client of the same instance (same chain).
    public func asGuest() -> ApiClient {
        ApiClient.getApiClient(for: baseURL, with: nil, loader: loader)
    }

    /// Invalidates the token on the server and drops it from this client, which becomes unusable
    /// for account requests (it keeps its identity: a client's account never changes).
    ///
    /// Everything the client learnt as that account goes with the token: its model caches (models
    /// still held elsewhere keep their last values but are no longer updated through this
    /// client), ``account``'s person, subscriptions, blocks, favourites and unread counts, and the
    /// state of its loader chain (`HTTPLoader.reset()`).
    ///
    /// Lemmy 0.18 has no logout endpoint: there the token is only dropped locally and stays valid
    /// on the server until it expires.
    public func logout() async throws(ApiClientError) {
        guard !isGuest else { return }
        let version = try await version()
        if version.usesAuthField {
            // 0.18: nothing to call.
        } else if version.generation == .v4 {
            _ = try await send(LemmyV4.Logout(), mutation: true)
        } else {
            _ = try await send(LemmyV3.Logout(), mutation: true)
        }
        tokenStore.token = nil
        Self.clients.remove(cacheKey)
        permissions = .readOnly
        caches.removeAll()
        tallyMarks.removeAll()
        account?.clear()
        confirmedBlockedInstanceIds = []
        uncertainComments = [:]
        await raw.loader.reset()
    }

    /// Replaces the token with a refreshed one for the same account.
    public func updateToken(_ token: String) {
        tokenStore.token = token
        let newKey = ClientKey(url: baseURL, token: token)
        Self.clients.remove(cacheKey)
        Self.clients.insert(self, for: newKey)
        cacheKey = newKey
    }

    /// The instance URL, absolute and without trailing slashes.
    static func normalize(_ url: URL) -> URL {
        var text = url.absoluteString
        // Most URLs are already so: parsing the text again was about a tenth of making a client.
        guard text.hasSuffix("/") || url.baseURL != nil else { return url }
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text) ?? url
    }
}

/// What identifies a saved account: its instance and token.
public struct AccountCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The instance.
    public var instanceURL: URL
    /// The JWT.
    public var token: String

    /// Creates credentials.
    public init(instanceURL: URL, token: String) {
        self.instanceURL = instanceURL
        self.token = token
    }

    /// The instance, without the token.
    public var description: String { "AccountCredentials(\(instanceURL), token: <redacted>)" }
}
