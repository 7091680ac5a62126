import Foundation
import LemmyAPI

/// ListCommunities as each version selects and orders communities: one SQL query in Lemmy,
/// `CommunityQuery::list` (`db_views_actor/src/community_view.rs` at 0.18.5 and 0.19.13,
/// `db_views/community/src/impls.rs` on 1.0), called by `api_crud/src/community/list.rs`.
extension Database {
    /// The communities `form` lists for `viewer`, each with its position in the requested order.
    /// `search` is Search's term (0.18 and 0.19 match it in names and titles; 1.0's list takes its
    /// own `search_term`, which Search passes on).
    func communityListing(
        _ form: ApiListCommunities, viewer: Int?, dialect: LemmyDialect, now: Double, search: String? = nil
    ) -> [(id: Int, key: SortKey)] {
        let term = (dialect == .v1_0 ? form.searchTerm : search).map(FuzzyTerm.init)
        let person = viewer.flatMap(person)
        let state = user(viewer)
        // The handler passes `is_admin` alone: moderators get no exception. 0.19's `is_admin`
        // also refuses a banned admin; 0.18's and 1.0's look at the flag only.
        let isAdmin = person.map { $0.isAdmin && !(dialect == .v0_19 && $0.banned) } ?? false
        let showNSFW = showsNSFWCommunities(form.showNsfw, person: person, dialect: dialect)
        // 1.0: `Suggested` lists the site's suggested multi-community's communities (this
        // server's site names none, so nothing); `multi_community_id` keeps a multi-community's
        // (none for an unknown one), beside every other filter.
        if dialect == .v1_0 && form.type == .suggested { return [] }
        let entries = dialect == .v1_0 ? form.multiCommunityId.map { Set(multiCommunity($0)?.entries ?? []) } : nil
        let byName = dialect == .v1_0 && (form.sort == .nameAsc || form.sort == .nameDesc)
        let order = CommunityOrder(form.sort, dialect: dialect, names: byName ? nameRanks() : [:])
        var keyed: [(id: Int, key: SortKey)] = []
        for community in communities {
            if let entries, !entries.contains(community.id) { continue }
            // A purged community's row is gone, for admins too.
            if !purged.communities.isEmpty && purged.communities.contains(community.id) { continue }
            let follows = state?.follows[community.id] != nil
            if !isAdmin {
                if community.deleted || community.removed { continue }
                // 0.18/0.19 `hidden`: listed for followers (a pending follow is a row too).
                if dialect != .v1_0 && community.hidden && !follows { continue }
            }
            switch form.type {
            case .local?: if community.instanceId != 1 { continue }
            case .subscribed?:
                // 0.18/0.19: any follower row; 1.0: `follow_state = 'Accepted'`.
                let accepted = dialect == .v1_0 ? viewer.map { isAcceptedFollower($0, of: community.id) } ?? false : follows
                if !accepted { continue }
            case .moderatorView?:
                // 0.19 does not filter its communities by this listing (it lists all); 1.0 keeps
                // those the caller moderates (`became_moderator_at`), admins no exception.
                if dialect == .v1_0 && !(viewer.map { isModerator($0, of: community.id) } ?? false) { continue }
            default: break
            }
            if state?.blockedCommunities[community.id] != nil { continue }
            // 0.18 has no instance blocks in this query.
            if dialect != .v0_18 && state?.blockedInstances[community.instanceId] != nil { continue }
            if community.nsfw && !showNSFW { continue }
            if !communityVisible(community.visibility, signedIn: viewer != nil, dialect: dialect) { continue }
            if dialect == .v1_0 {
                if let range = form.timeRangeSeconds, community.published <= now - Double(range) { continue }
            }
            if let term {
                let found =
                    dialect == .v1_0
                    ? matches(community, search: term, titleOnly: form.searchTitleOnly == true)
                    : term.matches(community.name) || term.matches(community.title)
                if !found { continue }
            }
            keyed.append((community.id, order.key(community, counts: communityCounts(community, dialect: dialect), now: now)))
        }
        return keyed
    }

    /// Whether NSFW communities are listed. 0.18: a signed-in caller's setting, the request's
    /// `show_nsfw` only when anonymous. 0.19 and 1.0: the setting or `show_nsfw`, both defaulting
    /// to whether the site has a content warning (the test server's has none).
    private func showsNSFWCommunities(_ requested: Bool?, person: PersonRecord?, dialect: LemmyDialect) -> Bool {
        if dialect == .v0_18 { return person?.showNSFW ?? requested ?? false }
        return (person?.showNSFW ?? false) || (requested ?? false)
    }

    /// Whether a community of `visibility` is listed: 0.19 shows anonymous callers `Public` ones
    /// only; 1.0 hides `local_only_private` from them (`Unlisted` is listed).
    private func communityVisible(_ visibility: String, signedIn: Bool, dialect: LemmyDialect) -> Bool {
        guard !signedIn else { return true }
        switch dialect {
        case .v0_18: return true
        case .v0_19: return visibility == "public"
        case .v1_0: return visibility != "local_only_private"
        }
    }

    /// 1.0's search term matched against the name, the actor id and the title, and unless
    /// `titleOnly` the sidebar.
    private func matches(_ community: CommunityRecord, search term: FuzzyTerm, titleOnly: Bool) -> Bool {
        // The actor id of a local community has this server's origin, which the database does
        // not know; its path and a remote community's domain are matched.
        let actorId =
            (community.instanceId == 1 ? "" : "https://" + (instanceDomains[community.instanceId] ?? ""))
            + "/c/" + community.name
        return term.matches(community.name) || term.matches(actorId) || term.matches(community.title)
            || (!titleOnly && term.matches(community.description))
    }

    /// Each community's place in 1.0's name order, `lower(name)` then id.
    private func nameRanks() -> [Int: Int] {
        let sorted = communities.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        return Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.id, $0) })
    }

    /// The aggregates a community view shows, which its sorts order by. `subscribers_local`
    /// (0.19 and 1.0) counts the follows of this instance's people, of any community.
    func communityCounts(_ c: CommunityRecord, dialect: LemmyDialect) -> CommunityCounts {
        let subscribers = subscriberCount(c, dialect: dialect)
        let local = c.subscribers.count { person($0)?.instanceId == 1 }
        return CommunityCounts(
            subscribers: subscribers, subscribersLocal: local, posts: c.postCount, comments: c.commentCount,
            active: (subscribers / 20, subscribers / 8, subscribers / 4, subscribers / 2))
    }
}

/// A community's aggregates. The active-user counts are derived from its subscribers (the test
/// server does not keep activity windows), the same for every view and sort.
struct CommunityCounts {
    var subscribers: Int
    var subscribersLocal: Int
    var posts: Int
    var comments: Int
    /// Users active in the last day, week, month and half year.
    var active: (day: Int, week: Int, month: Int, halfYear: Int)
}
