import LemmyAPI

/// A 1.0 multi-community: a person's named list of communities, whose posts one feed shows
/// (`multi_community`, `multi_community_entry` and `multi_community_follow` on Lemmy main).
struct MultiCommunityRecord: Sendable {
    var id: Int
    var creatorId: Int
    /// The creator's instance (1: this server).
    var instanceId: Int
    /// As created; never changes (EditMultiCommunity has no name).
    var name: String
    var title: String?
    var summary: String?
    var sidebar: String?
    var deleted = false
    var published: Double
    var updated: Double?
    /// The communities, in the order they were added (the entry table's primary key has no
    /// order; Lemmy lists them by its own community sort).
    var entries: [Int] = []
    /// Who follows it, and how far (`accepted` for a local one, `pending` for a remote one).
    var followers: [Int: ApiCommunityFollowerState] = [:]

    /// Whether it lives on this server.
    var local: Bool { instanceId == 1 }
}

extension Database {
    /// The multi-community with `id`, if any.
    func multiCommunity(_ id: Int?) -> MultiCommunityRecord? {
        guard let id, id >= 1, id <= multiCommunities.count else { return nil }
        return multiCommunities[id - 1]
    }

    /// GetMultiCommunity's and GetPosts' lookup by name (`read_from_name` and the fetcher,
    /// `impls/multi_community.rs`, `federation/fetcher.rs`): a bare name is a local one, in any
    /// case, deleted or not; `name@domain` one of that instance, deleted ones left out. This
    /// server knows no remote multi-community, and fetches none.
    func multiCommunity(named text: String) -> MultiCommunityRecord? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let name = ContentRules.rustLowercased(String(parts[0]))
        if parts.count == 2 {
            let domain = ContentRules.rustLowercased(String(parts[1]))
            guard domain == ContentRules.rustLowercased(host) else { return nil }
            return multiCommunities.first { $0.local && !$0.deleted && ContentRules.rustLowercased($0.name) == name }
        }
        return multiCommunities.first { $0.local && ContentRules.rustLowercased($0.name) == name }
    }

    /// The triggers' counts: accepted followers, and those of them who are local.
    func multiCommunitySubscribers(_ record: MultiCommunityRecord) -> (all: Int, local: Int) {
        var all = 0
        var local = 0
        for (personId, state) in record.followers where state == .accepted {
            all += 1
            if person(personId)?.instanceId == 1 { local += 1 }
        }
        return (all, local)
    }
}
