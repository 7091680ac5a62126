internal import LemmyAPI

/// A picture an instance keeps for the account, a community or the site, which
/// ``ApiClient/setImage(_:data:filename:mimeType:progress:)`` replaces with an upload and
/// ``ApiClient/removeImage(_:)`` clears.
public enum ImageSlot: Hashable, Sendable {
    /// The account's avatar.
    case avatar
    /// The account's banner.
    case accountBanner
    /// A community's icon; only its moderators and the admins may change it.
    case communityIcon(communityId: Int)
    /// A community's banner; only its moderators and the admins may change it.
    case communityBanner(communityId: Int)
    /// The site's icon (admins, Lemmy 1.0).
    case siteIcon
    /// The site's banner (admins, Lemmy 1.0).
    case siteBanner

    /// The 1.0 endpoint that uploads into this slot.
    var uploadTarget: LemmyImageUploadTarget {
        switch self {
        case .avatar: .userAvatar
        case .accountBanner: .userBanner
        case .communityIcon(let id): .communityIcon(id)
        case .communityBanner(let id): .communityBanner(id)
        case .siteIcon: .siteIcon
        case .siteBanner: .siteBanner
        }
    }

    /// The community the slot belongs to, if any.
    var communityId: Int? {
        switch self {
        case .communityIcon(let id), .communityBanner(let id): id
        default: nil
        }
    }
}
