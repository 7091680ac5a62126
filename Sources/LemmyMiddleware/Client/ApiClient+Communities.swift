public import Foundation
internal import LemmyAPI

/// Listing, creating, editing and hiding communities.
extension ApiClient {
    /// A page of communities as ``Community2`` models (one live object per community).
    ///
    /// - Parameters:
    ///   - listing: All, local, subscribed or moderated (1.0 and later) communities; a listing
    ///     the server's version lacks (``supportedCommunityListings()``) fails with
    ///     ``ApiClientError/unavailableInVersion(_:)`` before any request.
    ///   - sort: The order; ``supportedCommunitySorts()`` lists the server's.
    ///   - showNSFW: Whether to include NSFW communities; nil follows the account's setting.
    ///   - limit: Communities per page (Lemmy allows up to 50).
    ///   - cursor: Where the page starts; nil for the first.
    public func getCommunities(
        listing: CommunityListingType = .all, sort: CommunitySortType = .hot, showNSFW: Bool? = nil,
        limit: Int = 20, cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Community2> {
        guard listing.isSupported(by: try await version().apiVersion) else {
            throw .unavailableInVersion("the \(listing.rawValue) community list (Lemmy 1.0 and later)")
        }
        let form = ApiListCommunities(type: listing.api, sort: sort.api, showNsfw: showNSFW, limit: limit)
        let page: (items: [ApiCommunityView], next: PageCursor?)
        if try await generation() == .v4 {
            page = try await self.page(LemmyV4.ListCommunities(form), at: cursor)
        } else {
            page = try await self.page(LemmyV3.ListCommunities(form), at: cursor)
        }
        return ContentPage(items: page.items.map { community2($0) }, next: page.next)
    }

    /// A community picked at random by the server (Lemmy 1.0), for discovery: any that is not
    /// deleted, removed or private; with `localOnly` only this instance's; NSFW ones only with
    /// `showNSFW`. Lemmy does not leave out communities the account blocked (see
    /// ``Community1/blocked``). With nothing to pick the server answers not found
    /// (``ApiClientError/isNotFound``), as it does when a guest's pick is local-only-private.
    /// Before 1.0 it fails with ``ApiClientError/Kind/unavailableInVersion`` without a request.
    public func randomCommunity(localOnly: Bool = false, showNSFW: Bool = false) async throws(ApiClientError) -> Community2 {
        guard try await generation() == .v4 else { throw .unavailableInVersion("a random community (Lemmy 1.0 and later)") }
        let form = ApiGetRandomCommunity(type: localOnly ? .local : nil, showNsfw: showNSFW ? true : nil)
        return community2(try await send(LemmyV4.GetRandomCommunity(form), mutation: false).communityView)
    }

    /// Creates a community named `name` (lower case letters, digits and `_`); the account
    /// moderates and follows it, and ``account`` says so.
    ///
    /// Lemmy 1.0 takes no icon or banner URL here (it uploads them): setting one there fails with
    /// ``ApiClientError/unavailableInVersion(_:)`` before any request, as does a
    /// ``CommunityVisibility`` the server's version lacks.
    public func createCommunity(name: String, _ details: CommunityDetails) async throws(ApiClientError) -> Community2 {
        try requireAccount()
        let version = try await version()
        var form = ApiCreateCommunity(name: name)
        let edit = try details.form(communityId: 0, version: version.apiVersion)
        form.title = edit.title ?? (version.generation == .v3 ? name : nil)
        form.description = edit.description
        form.sidebar = edit.sidebar
        form.icon = edit.icon
        form.banner = edit.banner
        form.nsfw = edit.nsfw
        form.postingRestrictedToMods = edit.postingRestrictedToMods
        form.visibility = edit.visibility
        let response =
            version.generation == .v4
            ? try await send(LemmyV4.CreateCommunity(form), mutation: true)
            : try await send(LemmyV3.CreateCommunity(form), mutation: true)
        let community = community2(response.communityView)
        if let account {
            Account.set(&account.moderatedCommunityIds, community.id, member: true)
            Account.set(&account.subscribedCommunityIds, community.id, member: true)
        }
        return community
    }

    /// Edits a community the account moderates (on 0.19 and 1.0 also as an admin). Fields left nil
    /// stay as they are. Anyone else gets the server's refusal: ``ApiClientError`` with code
    /// `not_a_moderator` (0.18) or `not_a_mod_or_admin` (0.19, 1.0).
    public func editCommunity(id: Int, _ details: CommunityDetails) async throws(ApiClientError) -> Community2 {
        try requireAccount()
        let version = try await version()
        let form = try details.form(communityId: id, version: version.apiVersion)
        let response =
            version.generation == .v4
            ? try await send(LemmyV4.EditCommunity(form), mutation: true)
            : try await send(LemmyV3.EditCommunity(form), mutation: true)
        return community2(response.communityView)
    }

    /// Hides a community from listings or shows it again: an admin operation of Lemmy 0.19 (others
    /// get code `not_an_admin`). 0.18 and 1.0 fail with ``ApiClientError/unavailableInVersion(_:)``
    /// before any request: 0.18 has no such call, and 1.0 replaced it with the community's
    /// visibility (``CommunityVisibility/unlisted``, set with ``editCommunity(id:_:)``), although
    /// lemmy-js-client still declares the call (Lemmy removed its route in "Changes to community
    /// visibility", #5478).
    public func hideCommunity(id: Int, hidden: Bool = true, reason: String? = nil) async throws(ApiClientError) {
        try requireAccount()
        let version = try await version()
        if version.generation == .v4 {
            throw .unavailableInVersion("hiding communities (Lemmy 1.0 has visibility `unlisted` instead)")
        } else if version.usesAuthField {
            throw .unavailableInVersion("hiding communities needs Lemmy 0.19 or later")
        }
        let form = ApiHideCommunity(communityId: id, hidden: hidden, reason: reason)
        _ = try await send(LemmyV3.HideCommunity(form), mutation: true)
    }
}

/// Who may see a community (Lemmy 0.19.9 and later; 1.0 has more kinds).
public enum CommunityVisibility: String, Sendable, Hashable, CaseIterable {
    /// Everyone, everywhere.
    case `public`
    /// Only the instance's own users (0.19.9 to 0.19).
    case localOnly = "local-only"
    /// Public, but left out of listings (1.0).
    case unlisted
    /// Readable by anyone, federated only locally (1.0).
    case localOnlyPublic = "local-only-public"
    /// Readable only by the instance's users (1.0).
    case localOnlyPrivate = "local-only-private"
    /// Readable only by approved followers (1.0).
    case `private`

    var api: ApiCommunityVisibility {
        switch self {
        case .public: .public
        case .localOnly: .localOnly
        case .unlisted: .unlisted
        case .localOnlyPublic: .localOnlyPublic
        case .localOnlyPrivate: .localOnlyPrivate
        case .private: .private
        }
    }
}

/// What to set on a community when creating or editing it; nil leaves a field as it is (or at
/// the server's default when creating).
public struct CommunityDetails: Sendable, Hashable {
    /// The display title (at least 3 visible characters).
    public var title: String?
    /// The sidebar text (Markdown); empty clears it.
    public var description: String?
    /// The icon's URL (0.18 and 0.19; on every version
    /// ``ApiClient/setImage(_:data:filename:mimeType:progress:)`` uploads one).
    public var icon: URL?
    /// The banner's URL (0.18 and 0.19; see ``icon``).
    public var banner: URL?
    /// Whether the community is NSFW.
    public var nsfw: Bool?
    /// Whether only moderators may post.
    public var onlyModeratorsCanPost: Bool?
    /// Who may see the community (0.19.9 and later).
    public var visibility: CommunityVisibility?

    /// Creates details; every field is optional.
    public init(
        title: String? = nil, description: String? = nil, icon: URL? = nil, banner: URL? = nil, nsfw: Bool? = nil,
        onlyModeratorsCanPost: Bool? = nil, visibility: CommunityVisibility? = nil
    ) {
        self.title = title
        self.description = description
        self.icon = icon
        self.banner = banner
        self.nsfw = nsfw
        self.onlyModeratorsCanPost = onlyModeratorsCanPost
        self.visibility = visibility
    }

    /// The edit form for `version`: the sidebar is 0.18/0.19 `description` and 1.0 `sidebar`.
    /// A visibility the version lacks is refused here; an icon or banner on 1.0 by the encoder.
    func form(communityId: Int, version: LemmyAPIVersion) throws(ApiClientError) -> ApiEditCommunity {
        var form = ApiEditCommunity(communityId: communityId, title: title, nsfw: nsfw, postingRestrictedToMods: onlyModeratorsCanPost)
        if version.generation == .v4 { form.sidebar = description } else { form.description = description }
        form.icon = icon?.absoluteString
        form.banner = banner?.absoluteString
        if let visibility {
            guard visibility.api.wireValue(in: version) != nil else {
                throw .unavailableInVersion("community visibility \(visibility.rawValue) on this server")
            }
            form.visibility = visibility.api
        }
        return form
    }
}
