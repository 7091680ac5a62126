public import Foundation
internal import LemmyAPI

/// The signed-in account's settings, as ``Account/settings`` holds them after
/// ``ApiClient/loadAccount()``. Change a copy and pass it to ``ApiClient/saveSettings(_:)``: only
/// the fields that differ are sent.
public struct AccountSettings: Sendable, Hashable {
    /// Whether NSFW posts and communities are shown.
    public var showNSFW: Bool
    /// Whether NSFW images are blurred (0.18.3 and later).
    public var blurNSFW: Bool
    /// Whether posts already read are listed.
    public var showReadPosts: Bool
    /// The post sort a feed opens with. On Lemmy 1.0 a top sort's window is the account's
    /// default time range, which the server applies to every post and comment list that names
    /// none (LemmyKit's lists always name one, 0 for none); saving a sort without a window
    /// clears it.
    public var defaultSort: PostSortType
    /// The listing a feed opens with (`.all`, `.local`, `.subscribed`, ...; never a community).
    public var defaultListing: FeedType
    /// Whether the account is a bot.
    public var isBot: Bool
    /// Whether posts and comments of bots are shown.
    public var showBotAccounts: Bool
    /// The language ids the account reads and writes in; posts and comments in other languages
    /// are left out of its lists (except 0.19's and 1.0's moderator view). Empty means every
    /// language: 0.18 and 0.19 report all the site's languages so, and store every language when
    /// sent an empty list. 0.18 and 0.19 always add undetermined (0); 1.0 does not, so leaving it
    /// out there hides everything without a language.
    public var discussionLanguages: [Int]
    /// The display name; nil for none.
    public var displayName: String?
    /// The profile text (Markdown); nil for none.
    public var bio: String?
    /// The avatar's URL. Lemmy 1.0 sets it by upload, not here: see
    /// ``ApiClient/setImage(_:data:filename:mimeType:progress:)``, which works on every version.
    public var avatar: URL?
    /// The banner's URL. Lemmy 1.0 sets it by upload, not here: see
    /// ``ApiClient/setImage(_:data:filename:mimeType:progress:)``.
    public var banner: URL?
    /// Who sees downvote counts: nil where the server has no such setting (0.18 and 0.19 before
    /// 0.19.4). Lemmy 0.19 has only show or hide (a bool), and LemmyKit changes it from 0.19.9 on
    /// (the oldest 0.19 it describes with the setting); 1.0 also has `showForOthers`.
    public var showDownvotes: DownvoteVisibility?
    /// Whether post lists leave out posts that link an image or a video: nil where the server has
    /// no such setting (before Lemmy 1.0). Lemmy applies it to every post list that does not say.
    public var hidePostsWithMedia: Bool?
    /// The account's email address; nil for none. Lemmy stores a new one lowercased at once and
    /// emails a verification link to it (``ApiClient/verifyEmail(token:)``; the account stays
    /// verified meanwhile); an address another account has is refused (`email_already_exists`,
    /// 1.0 `email_already_taken`), and clearing it, where the instance requires verification,
    /// with `email_required`.
    public var email: String?

    /// Creates settings (tests and previews; real ones come from the server).
    public init(
        showNSFW: Bool = false, blurNSFW: Bool = true, showReadPosts: Bool = true, defaultSort: PostSortType = .active,
        defaultListing: FeedType = .local, isBot: Bool = false, showBotAccounts: Bool = true,
        discussionLanguages: [Int] = [], displayName: String? = nil, bio: String? = nil, avatar: URL? = nil,
        banner: URL? = nil, showDownvotes: DownvoteVisibility? = nil, hidePostsWithMedia: Bool? = nil, email: String? = nil
    ) {
        self.showNSFW = showNSFW
        self.blurNSFW = blurNSFW
        self.showReadPosts = showReadPosts
        self.defaultSort = defaultSort
        self.defaultListing = defaultListing
        self.isBot = isBot
        self.showBotAccounts = showBotAccounts
        self.discussionLanguages = discussionLanguages
        self.displayName = displayName
        self.bio = bio
        self.avatar = avatar
        self.banner = banner
        self.showDownvotes = showDownvotes
        self.hidePostsWithMedia = hidePostsWithMedia
        self.email = email
    }
}

/// Who sees downvote counts.
public enum DownvoteVisibility: String, Sendable, Hashable, CaseIterable {
    /// Everyone, the account included.
    case show
    /// Others, not on the account's own content (Lemmy 1.0).
    case showForOthers = "show-for-others"
    /// Nobody.
    case hide
}

extension AccountSettings {
    /// The settings in `info` for a server speaking `version`.
    init(_ info: ApiMyUserInfo, version: LemmyAPIVersion) {
        let user = info.localUserView.localUser
        let person = info.localUserView.person
        let sort: PostSortType
        if version.generation == .v4 {
            sort =
                user.defaultPostSortType.map { PostSortType(api: $0, timeRangeSeconds: user.defaultPostTimeRangeSeconds, version: version) }
                ?? .hot
        } else {
            sort = user.defaultSortType.map { PostSortType(v3: $0, version: version) } ?? .active
        }
        let downvotes: DownvoteVisibility? =
            if let show = user.showDownvotes {
                switch show {
                case .showForOthers: .showForOthers
                case .hide: .hide
                default: .show
                }
            } else {
                info.localUserView.localUserVoteDisplayMode.map { $0.downvotes ? .show : .hide }
            }
        self.init(
            showNSFW: user.showNsfw, blurNSFW: user.blurNsfw ?? true, showReadPosts: user.showReadPosts,
            defaultSort: sort, defaultListing: FeedType(listing: user.defaultListingType),
            isBot: person.botAccount, showBotAccounts: user.showBotAccounts, discussionLanguages: info.discussionLanguages,
            displayName: person.displayName, bio: person.bio, avatar: person.avatar.flatMap(URL.init(string:)),
            banner: person.banner.flatMap(URL.init(string:)), showDownvotes: downvotes,
            hidePostsWithMedia: version.generation == .v4 ? user.hidePostsWithMedia ?? false : nil,
            email: user.email.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The SaveUserSettings form that turns `old` into `self` for `version`: only what changed.
    /// A changed field the version cannot take is refused here or by the encoder, before any request.
    func form(from old: AccountSettings, version: LemmyAPIVersion) throws(ApiClientError) -> ApiSaveUserSettings {
        var form = ApiSaveUserSettings()
        if showNSFW != old.showNSFW { form.showNsfw = showNSFW }
        if blurNSFW != old.blurNSFW { form.blurNsfw = blurNSFW }
        if showReadPosts != old.showReadPosts { form.showReadPosts = showReadPosts }
        if isBot != old.isBot { form.botAccount = isBot }
        if showBotAccounts != old.showBotAccounts { form.showBotAccounts = showBotAccounts }
        if discussionLanguages != old.discussionLanguages { form.discussionLanguages = discussionLanguages }
        // An empty string clears a text or image in every version.
        if displayName != old.displayName { form.displayName = displayName ?? "" }
        if bio != old.bio { form.bio = bio ?? "" }
        if avatar != old.avatar { form.avatar = avatar?.absoluteString ?? "" }
        if banner != old.banner { form.banner = banner?.absoluteString ?? "" }
        // An empty address is none: sending it would clear (or, where required, be refused).
        let email = email.flatMap { $0.isEmpty ? nil : $0 }
        if email != old.email { form.email = email ?? "" }
        if defaultSort != old.defaultSort {
            guard defaultSort.isSupported(by: version) else { throw .unavailableInVersion("post sort \(defaultSort.name)") }
            let wire = defaultSort.wire(for: version)
            if version.generation == .v4 {
                form.defaultPostSortType = wire.sort
                // 1.0 keeps the stored window when none is sent: a sort without a window sends
                // 0, which clears it (`diesel_opt_number_update` in `local_user/save_settings.rs`).
                form.defaultPostTimeRangeSeconds = wire.timeRangeSeconds
            } else {
                form.defaultSortType = ApiSortType(wireValue: wire.sort.wireValue(for: .v3))
            }
        }
        if defaultListing != old.defaultListing {
            guard let listing = defaultListing.listing, listing.wireValue(in: version) != nil else {
                throw .unavailableInVersion("default listing \(defaultListing)")
            }
            form.defaultListingType = listing
        }
        if showDownvotes != old.showDownvotes, let showDownvotes {
            // 1.0 takes a VoteShow; 0.19.9+ a bool, which has no "others only". Versions without
            // the member (0.18, 0.19 before 0.19.9) are refused by the encoder.
            if version.generation == .v4 {
                let show: ApiVoteShow =
                    switch showDownvotes {
                    case .show: .show
                    case .showForOthers: .showForOthers
                    case .hide: .hide
                    }
                form.showDownvotes = .voteShow(show)
            } else {
                guard showDownvotes != .showForOthers else {
                    throw .unavailableInVersion("showing downvotes to others only (Lemmy 1.0 and later)")
                }
                form.showDownvotes = .boolean(showDownvotes == .show)
            }
        }
        if hidePostsWithMedia != old.hidePostsWithMedia, let hidePostsWithMedia {
            guard version.generation == .v4 else { throw .unavailableInVersion("hiding posts with media (Lemmy 1.0 and later)") }
            form.hidePostsWithMedia = hidePostsWithMedia
        }
        return form
    }
}

extension PostSortType {
    /// The sort of a 0.18/0.19 `SortType`; an unknown one reads as `.active`.
    init(v3 sort: ApiSortType, version: LemmyAPIVersion) {
        let wire = sort.wireValue(for: .v3)
        self = Self.allCases.first { $0.wire(for: version).sort.wireValue(for: .v3) == wire } ?? .active
    }

    /// The sort of a 1.0 `PostSortType` and time range: `top` with the window of that many
    /// seconds (no range or an unlisted one: all time).
    init(api sort: ApiPostSortType, timeRangeSeconds: Int?, version: LemmyAPIVersion) {
        if sort == .top {
            self = .top(TopWindow.allCases.first { $0.seconds == (timeRangeSeconds ?? 0) } ?? .all)
            return
        }
        self = Self.allCases.first { $0.wire(for: version).sort == sort } ?? .hot
    }
}

extension FeedType {
    /// The listing of a Lemmy listing type; an unknown one reads as `.all`.
    init(listing: ApiListingType) {
        self = [FeedType.all, .local, .subscribed, .moderatorView, .suggested].first { $0.listing == listing } ?? .all
    }
}
