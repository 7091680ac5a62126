import LemmyAPI

/// 1.0's multi-communities as Lemmy main writes them (`api_crud/src/multi_community/*.rs`,
/// `api/api/src/community/multi_community_follow.rs`, `db_schema/src/impls/multi_community.rs`).
/// The site ban is the request gate's (`refusesBannedWrite(_:path:)`); Lemmy has no slur filter
/// by default, and this server none at all.
extension Database {
    /// Lemmy's limit on a multi-community's communities (`MULTI_COMMUNITY_ENTRY_LIMIT`).
    static let multiCommunityEntryLimit = 50
    /// `SITE_SUMMARY_MAX_LENGTH`, in UTF-16 code units.
    static let multiCommunitySummaryLimit = 150

    /// CreateMultiCommunity: a local multi-community of `personId`, who follows it. Checks in
    /// Lemmy's order: a name taken (its `ap_id`, compared lowercased) is `already_exists` before
    /// the name itself is checked; then the title (trimmed), the sidebar, the summary, the name.
    mutating func createMultiCommunity(_ form: ApiCreateMultiCommunity, by personId: Int, now: Double) throws -> Int {
        let lowered = ContentRules.rustLowercased(form.name)
        if multiCommunities.contains(where: { $0.local && ContentRules.rustLowercased($0.name) == lowered }) {
            throw APIError.code("already_exists")
        }
        let title = form.title.map(ContentRules.trimmed)
        try Self.checkMultiCommunityTexts(title: title, summary: form.summary, sidebar: form.sidebar)
        guard NameRules.isValidActorName(form.name, dialect: .v1_0) else { throw APIError.code("invalid_name") }
        let id = multiCommunities.count + 1
        var record = MultiCommunityRecord(
            id: id, creatorId: personId, instanceId: person(personId)?.instanceId ?? 1, name: form.name, title: title,
            summary: form.summary, sidebar: form.sidebar, published: now)
        record.followers[personId] = .accepted
        multiCommunities.append(record)
        return id
    }

    /// EditMultiCommunity: its creator, or an admin for a local one. An empty summary or sidebar
    /// clears it; an empty title is refused (it is checked as a display name); the name stays.
    /// `updated_at` is written whatever changed.
    mutating func editMultiCommunity(_ form: ApiEditMultiCommunity, by personId: Int, now: Double) throws {
        guard var record = multiCommunity(form.id) else { throw APIError.notFound("multi_community") }
        try checkMultiCommunityCreator(record, personId)
        let title = form.title.map(ContentRules.trimmed)
        try Self.checkMultiCommunityTexts(title: title, summary: form.summary, sidebar: form.sidebar)
        if let title { record.title = title }
        if let summary = form.summary { record.summary = summary.isEmpty ? nil : summary }
        if let sidebar = form.sidebar { record.sidebar = sidebar.isEmpty ? nil : sidebar }
        if let deleted = form.deleted { record.deleted = deleted }
        record.updated = now
        multiCommunities[record.id - 1] = record
    }

    /// CreateMultiCommunityEntry: adds a community that is neither deleted nor removed, up to
    /// ``multiCommunityEntryLimit``; one already in is the primary key's `couldnt_create` (with
    /// PostgreSQL's text as its cause). A purged community is gone: `not_found`.
    /// Lemmy does not look at the multi-community's own `deleted`.
    mutating func addMultiCommunityEntry(_ form: ApiCreateOrDeleteMultiCommunityEntry, by personId: Int) throws {
        guard var record = multiCommunity(form.id) else { throw APIError.notFound("multi_community") }
        try checkMultiCommunityCreator(record, personId)
        guard let community = community(form.communityId), !purged.communities.contains(community.id) else {
            throw APIError.notFound("community")
        }
        if community.deleted || community.removed { throw APIError.code("deleted") }
        if record.entries.count >= Self.multiCommunityEntryLimit { throw APIError.code("multi_community_entry_limit_reached") }
        if record.entries.contains(community.id) {
            throw Self.databaseError(
                "duplicate key value violates unique constraint \"multi_community_entry_pkey\"", creating: true, dialect: .v1_0)
        }
        record.entries.append(community.id)
        multiCommunities[record.id - 1] = record
    }

    /// DeleteMultiCommunityEntry: the community must exist, but need not be in the list (no row
    /// deleted is still a success).
    mutating func removeMultiCommunityEntry(_ form: ApiCreateOrDeleteMultiCommunityEntry, by personId: Int) throws {
        guard let record = multiCommunity(form.id) else { throw APIError.notFound("multi_community") }
        try checkMultiCommunityCreator(record, personId)
        guard community(form.communityId) != nil, !purged.communities.contains(form.communityId) else {
            throw APIError.notFound("community")
        }
        multiCommunities[record.id - 1].entries.removeAll { $0 == form.communityId }
    }

    /// FollowMultiCommunity: anyone may follow any multi-community, deleted or not (accepted at
    /// once for a local one, pending for a remote one); unfollowing deletes the row, if any.
    mutating func followMultiCommunity(_ id: Int, follow: Bool, by personId: Int) throws {
        guard let record = multiCommunity(id) else { throw APIError.notFound("multi_community") }
        multiCommunities[id - 1].followers[personId] = follow ? (record.local ? .accepted : .pending) : nil
    }

    /// `check_multi_community_creator`: an admin may change a local multi-community, otherwise
    /// only its creator.
    private func checkMultiCommunityCreator(_ record: MultiCommunityRecord, _ personId: Int) throws {
        if record.local && isAdmin(personId) { return }
        guard record.creatorId == personId else { throw APIError.code("multi_community_update_wrong_user") }
    }

    /// The title as a display name, the sidebar as a body (`invalid_body_field` over 10,000
    /// UTF-16 units), the summary's length (`site_description_length_overflow`).
    private static func checkMultiCommunityTexts(title: String?, summary: String?, sidebar: String?) throws {
        if let title { try NameRules.checkDisplayName(title, dialect: .v1_0) }
        try ContentRules.checkBody(sidebar, post: false, dialect: .v1_0)
        if let summary, summary.utf16.count > multiCommunitySummaryLimit {
            throw APIError.code("site_description_length_overflow")
        }
    }
}

extension Database {
    /// ListMultiCommunities' selection and order (`MultiCommunityQuery::list`,
    /// `db_views/community/src/impls.rs`): deleted ones are listed too; `subscribed` keeps those
    /// the viewer has a follow row of, pending ones too (a guest's list is not filtered); the sort
    /// defaults to subscribers, descending but for `old` and `name_asc`, ties by id the same way.
    func multiCommunityListing(_ form: ApiListMultiCommunities, viewer: Int?, now: Double) -> [(id: Int, key: SortKey)] {
        let term = form.searchTerm.map(FuzzyTerm.init)
        let sort = form.sort ?? .subscribers
        let ascending = sort == .old || sort == .nameAsc
        var names: [Int: Int] = [:]
        if sort == .nameAsc || sort == .nameDesc {
            let ordered = multiCommunities.sorted { ContentRules.rustLowercased($0.name) < ContentRules.rustLowercased($1.name) }
            for (rank, record) in ordered.enumerated() { names[record.id] = rank }
        }
        var keyed: [(id: Int, key: SortKey)] = []
        for record in multiCommunities {
            switch form.type {
            case .local?: if !record.local { continue }
            case .subscribed?: if let viewer, record.followers[viewer] == nil { continue }
            default: break
            }
            if let creator = form.creatorId, record.creatorId != creator { continue }
            if let range = form.timeRangeSeconds, record.published <= now - Double(range) { continue }
            if let term {
                let inTitle = term.matches(record.name) || term.matches(record.title)
                if !inTitle && (form.searchTitleOnly == true || !(term.matches(record.summary) || term.matches(record.sidebar))) {
                    continue
                }
            }
            let value: Double =
                switch sort {
                case .new, .old: record.published
                case .nameAsc, .nameDesc: Double(names[record.id] ?? 0)
                case .communities: Double(record.entries.count)
                case .subscribersLocal: Double(multiCommunitySubscribers(record).local)
                default: Double(multiCommunitySubscribers(record).all)
                }
            let sign: Double = ascending ? -1 : 1
            keyed.append((record.id, SortKey(featured: 0, primary: sign * value, tiebreak: ascending ? -record.id : record.id)))
        }
        return keyed
    }
}
