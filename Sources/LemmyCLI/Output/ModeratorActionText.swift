import LemmyMiddleware

/// How `lemmy inbox` names a moderator's action that Lemmy 1.0 notified the account of: a stable
/// name for `--json`, and a phrase for people.
@MainActor
enum ModeratorActionText {
    /// The action's name in `--json` (`remove_post`, `ban_from_community`...); an action this
    /// version does not know keeps Lemmy's name of its kind.
    static func name(_ action: ModlogAction) -> String {
        switch action {
        case .removePost: "remove_post"
        case .removeComment: "remove_comment"
        case .lockPost: "lock_post"
        case .featurePost: "feature_post"
        case .banFromCommunity: "ban_from_community"
        case .removeCommunity: "remove_community"
        case .purgePost: "purge_post"
        case .purgeComment: "purge_comment"
        case .purgeCommunity: "purge_community"
        case .purgePerson: "purge_person"
        case .banFromSite: "ban_from_site"
        case .addModerator: "add_moderator"
        case .transferCommunity: "transfer_community"
        case .addAdmin: "add_admin"
        case .other(let name): name
        }
    }

    /// What was done, as the notice's line says it: `removed your post “Title”`,
    /// `unbanned you from c/name`...
    static func phrase(_ entry: ModlogEntry) -> String {
        let undone = entry.isRevert
        let post = entry.post.map { " “\($0.title)”" } ?? ""
        let community = entry.community.map { " c/\(HumanRenderer.name($0.name))" } ?? ""
        switch entry.action {
        case .removePost: return (undone ? "restored" : "removed") + " your post" + post
        case .removeComment: return (undone ? "restored" : "removed") + " your comment" + (post.isEmpty ? "" : " on" + post)
        case .lockPost: return (undone ? "unlocked" : "locked") + " your post" + post
        case .featurePost: return (undone ? "unpinned" : "pinned") + " your post" + post
        case .banFromCommunity: return (undone ? "unbanned you from" : "banned you from") + (community.isEmpty ? " a community" : community)
        case .banFromSite: return undone ? "unbanned you from the instance" : "banned you from the instance"
        case .removeCommunity: return (undone ? "restored" : "removed") + (community.isEmpty ? " your community" : community)
        case .addModerator: return (undone ? "removed you as a moderator of" : "made you a moderator of") + community
        case .transferCommunity: return "handed you" + community
        case .addAdmin: return undone ? "removed you as an admin" : "made you an admin"
        case .purgePost, .purgeComment, .purgeCommunity, .purgePerson, .other:
            return name(entry.action).split(separator: "_").joined(separator: " ") + post + community
        }
    }
}
