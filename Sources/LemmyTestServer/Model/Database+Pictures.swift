import Foundation

/// A picture Lemmy 1.0 sets by upload (`routes/src/images/upload.rs`) and clears with the
/// matching `DELETE` (`delete.rs`).
enum PictureSlot: CaseIterable, Sendable {
    case avatar, personBanner, communityIcon, communityBanner, siteIcon, siteBanner

    /// The path below `/api/v4`.
    var path: String {
        switch self {
        case .avatar: "/account/avatar"
        case .personBanner: "/account/banner"
        case .communityIcon: "/community/icon"
        case .communityBanner: "/community/banner"
        case .siteIcon: "/site/icon"
        case .siteBanner: "/site/banner"
        }
    }

    /// Whether the slot belongs to a community (named by `id`: in the query to upload, in the
    /// JSON body to delete).
    var isCommunity: Bool { self == .communityIcon || self == .communityBanner }
}

extension Database {
    /// The checks 1.0 makes before it reads an upload or deletes a picture: the community exists
    /// (`Community::read`: `not_found`, deleted and removed ones included, purged ones gone) and the viewer may
    /// change it (`is_mod_or_admin`: `site_ban`, then `not_a_mod_or_admin`); the site's pictures
    /// need an admin (`is_admin`: `site_ban`, then `not_an_admin`). The account's own pictures
    /// need only the login, so a banned account may change them.
    func checkPictureChange(_ slot: PictureSlot, viewer: Int, communityId: Int?, now: Double) throws {
        switch slot {
        case .avatar, .personBanner:
            return
        case .communityIcon, .communityBanner:
            guard let communityId, community(communityId) != nil, !purged.communities.contains(communityId) else {
                throw APIError.notFound("community")
            }
            if isSiteBanned(viewer, now: now, dialect: .v1_0) { throw APIError.code("site_ban") }
            guard isModOrAdmin(viewer, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        case .siteIcon, .siteBanner:
            if isSiteBanned(viewer, now: now, dialect: .v1_0) { throw APIError.code("site_ban") }
            try requireAdmin(viewer)
        }
    }

    /// The picture now in `slot`.
    func picture(_ slot: PictureSlot, viewer: Int, communityId: Int?) -> String? {
        switch slot {
        case .avatar: person(viewer)?.avatar
        case .personBanner: person(viewer)?.banner
        case .communityIcon: communityId.flatMap(community)?.icon
        case .communityBanner: communityId.flatMap(community)?.banner
        case .siteIcon: site.icon
        case .siteBanner: site.banner
        }
    }

    /// Replaces the picture in `slot` with `url` (nil clears it), deleting the old one from
    /// pict-rs first as Lemmy's `delete_old_image` does: by the last segment of its URL. pict-rs
    /// here has the uploads and every seeded picture (the seed names them on the instance's
    /// domain before the server has its address); an alias it does not have (a
    /// picture from another host) is pict-rs' 404, which Lemmy passes on as `unknown` before
    /// anything changes.
    ///
    /// Lemmy's route for a community's banner deletes and clears the icon instead
    /// (`delete_community_banner` reads `community.icon`); `clearsIconForBanner` imitates it.
    mutating func replacePicture(
        _ slot: PictureSlot, with url: String?, viewer: Int, communityId: Int?, clearsIconForBanner: Bool = false
    ) throws {
        let slot = clearsIconForBanner && slot == .communityBanner ? PictureSlot.communityIcon : slot
        if let old = picture(slot, viewer: viewer, communityId: communityId) {
            let alias = Self.pictrsAlias(of: old)
            guard images[alias] != nil || URL(string: old)?.host == instanceDomains[1] else {
                throw APIError.foreign(
                    "HTTP status client error (404 Not Found) for url (http://pictrs:8080/internal/delete?alias=\(alias))")
            }
            images[alias] = nil
        }
        switch slot {
        case .avatar: persons[viewer - 1].avatar = url
        case .personBanner: persons[viewer - 1].banner = url
        case .communityIcon: if let communityId { communities[communityId - 1].icon = url }
        case .communityBanner: if let communityId { communities[communityId - 1].banner = url }
        case .siteIcon: site.icon = url
        case .siteBanner: site.banner = url
        }
    }
}

extension Database {
    /// The pict-rs alias a picture URL names, as Lemmy reads it: its last path segment.
    static func pictrsAlias(of url: String) -> String {
        String(url.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// 0.19's SaveUserSettings and EditCommunity on their two pictures, in order: each new URL
    /// is checked (``checkPictureURL(_:dialect:)``), then the replaced picture deleted at once
    /// (``deleteReplacedImage019(old:new:by:)``), before the handler's later checks.
    mutating func replacePictures019(_ pictures: [(new: String?, old: String?)], by personId: Int) throws {
        for (new, old) in pictures {
            if let new, !new.isEmpty { try Self.checkPictureURL(new, dialect: .v0_19) }
            deleteReplacedImage019(old: old, new: new, by: personId)
        }
    }

    /// 0.19's `replace_image` (`api_common/src/request.rs`), as SaveUserSettings and EditCommunity
    /// call it: when a picture changes or is cleared, the old one is deleted if it is among
    /// `personId`'s uploads (anyone's, for an admin); a picture from elsewhere is left alone.
    mutating func deleteReplacedImage019(old: String?, new: String?, by personId: Int) {
        guard let old, let new, new != old else { return }
        let alias = Self.pictrsAlias(of: old)
        guard let image = images[alias], image.ownerId == personId || person(personId)?.isAdmin == true else { return }
        images[alias] = nil
    }
}
