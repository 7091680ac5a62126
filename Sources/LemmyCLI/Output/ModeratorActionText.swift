import Foundation
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
        case .lockComment: "lock_comment"
        case .warnPost: "warn_post"
        case .warnComment: "warn_comment"
        case .other(let name): name
        }
    }

    /// Who acted, as the notice's line names them: the moderator's name where the instance shows
    /// it (to admins), else "a moderator", or "an admin" for what only admins do.
    static func actor(_ entry: ModlogEntry) -> String {
        if let moderator = entry.moderator { return "u/" + HumanRenderer.name(moderator.name) }
        switch entry.action {
        case .banFromSite, .addAdmin, .removeCommunity, .purgePost, .purgeComment, .purgeCommunity, .purgePerson: return "an admin"
        default: return "a moderator"
        }
    }

    /// " until <date>" for a ban that ends, nothing for a permanent one.
    nonisolated static func until(_ end: Date?) -> String {
        end.map { " until \($0.formatted(date: .abbreviated, time: .shortened))" } ?? ""
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
        case .banFromCommunity:
            return (undone ? "unbanned you from" : "banned you from") + (community.isEmpty ? " a community" : community)
                + (undone ? "" : until(entry.expires))
        case .banFromSite: return undone ? "unbanned you from the instance" : "banned you from the instance" + until(entry.expires)
        case .removeCommunity: return (undone ? "restored" : "removed") + (community.isEmpty ? " your community" : community)
        case .addModerator: return (undone ? "removed you as a moderator of" : "made you a moderator of") + community
        case .transferCommunity: return "handed you" + community
        case .addAdmin: return undone ? "removed you as an admin" : "made you an admin"
        case .lockComment: return (undone ? "unlocked" : "locked") + " your comment" + (post.isEmpty ? "" : " on" + post)
        case .warnPost: return "warned you about your post" + post
        case .warnComment: return "warned you about your comment" + (post.isEmpty ? "" : " on" + post)
        case .purgePost, .purgeComment, .purgeCommunity, .purgePerson, .other:
            return name(entry.action).split(separator: "_").joined(separator: " ") + post + community
        }
    }

    /// What was done, as `lemmy modlog` says it, naming whom: `removed post “Title” by u/carol
    /// in c/name`, `banned u/carol from c/name until <date>`...
    static func logPhrase(_ entry: ModlogEntry) -> String {
        let undone = entry.isRevert
        let person = entry.targetPerson.map { "u/" + HumanRenderer.name($0.name) } ?? "someone"
        let by = entry.targetPerson.map { " by u/" + HumanRenderer.name($0.name) } ?? ""
        let post = entry.post.map { " “\($0.title)”" } ?? ""
        let community = entry.community.map { "c/" + HumanRenderer.name($0.name) }
        let within = community.map { " in " + $0 } ?? ""
        switch entry.action {
        case .removePost: return (undone ? "restored" : "removed") + " post" + post + by + within
        case .removeComment: return (undone ? "restored" : "removed") + " a comment" + by + (post.isEmpty ? "" : " on" + post) + within
        case .lockPost: return (undone ? "unlocked" : "locked") + " post" + post + within
        case .featurePost: return (undone ? "unpinned" : "pinned") + " post" + post + within
        case .lockComment: return (undone ? "unlocked" : "locked") + " a comment" + by + (post.isEmpty ? "" : " on" + post) + within
        case .warnPost: return "warned \(person) about post" + post + within
        case .warnComment: return "warned \(person) about a comment" + (post.isEmpty ? "" : " on" + post) + within
        case .banFromCommunity:
            return (undone ? "unbanned " : "banned ") + person + " from " + (community ?? "a community")
                + (undone ? "" : until(entry.expires))
        case .banFromSite: return (undone ? "unbanned " : "banned ") + person + " from the instance" + (undone ? "" : until(entry.expires))
        case .removeCommunity: return (undone ? "restored " : "removed ") + (community ?? "a community")
        case .addModerator:
            return (undone ? "dismissed \(person) as moderator of " : "appointed \(person) moderator of ") + (community ?? "a community")
        case .transferCommunity: return "handed " + (community ?? "a community") + " to " + person
        case .addAdmin: return undone ? "dismissed \(person) as admin" : "appointed \(person) admin"
        case .purgePost: return "purged a post" + within
        case .purgeComment: return "purged a comment" + (post.isEmpty ? "" : " on" + post)
        case .purgeCommunity: return "purged a community"
        case .purgePerson: return "purged a person"
        case .other: return name(entry.action).split(separator: "_").joined(separator: " ") + post + within
        }
    }
}
