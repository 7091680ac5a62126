import LemmyAPI

/// A tag a community's moderators offer for its posts (Lemmy 1.0's `community_tag`).
struct CommunityTagRecord: Sendable, Hashable {
    var id: Int
    var communityId: Int
    /// Fixed at creation; with the community's ActivityPub id it makes the tag's.
    var name: String
    var displayName: String?
    var summary: String?
    /// `color01` ... `color10`.
    var color: ApiTagColor
    var published: Double
    var updated: Double?
    /// Soft-deleted: hidden from post views, shown to the community's moderators and admins in
    /// the community view; DeleteCommunityTag with `delete: false` brings it back.
    var deleted = false
}

/// The tags every seeded community offers, in this order.
enum SeedTags {
    static let names = ["news", "question", "discussion"]
    static let displayNames: [String?] = ["News", nil, "Discussion"]
    static let colors: [ApiTagColor] = [.color01, .color04, .color10]

    /// The id of seeded tag `index` of `community`: the seed makes three a community, in order.
    static func id(community: Int, index: Int) -> Int { (community - 1) * names.count + index + 1 }
}

/// Community tags as Lemmy main serves them (`api/api/src/community/tag.rs`,
/// `api_utils/src/utils.rs`'s `update_post_tags`, `db_schema/src/impls/community_tag.rs`,
/// `api/api/src/post/mod_update.rs`):
/// - create: the name is an actor name (`invalid_name`), the community one a guest reads
///   (`not_found`, diesel's: a deleted, removed or local-only-private one, not a private one),
///   then `check_community_mod_action`, the summary at most 150 characters
///   (`site_description_length_overflow`); a name the community has already is `couldnt_create`
///   (the tag's ActivityPub id is unique), compared with case; texts are kept as sent, empty too;
/// - edit and delete find any tag (`not_found`), deleted ones too, then its community, then
///   `check_community_mod_action`; the name never changes; an empty display name or summary
///   clears it; delete is a flag that `delete: false` clears;
/// - a post's tags must be among its community's undeleted tags (`tag_not_in_community`) and
///   replace the post's tags (a repeated id is `couldnt_create`); Lemmy applies them after
///   writing the post, so a refusal leaves the post made or edited;
/// - no modlog entry for any of these.
extension Database {
    /// The most UTF-16 units a tag summary may have.
    static let tagSummaryLimit = 150

    func communityTag(_ id: Int) -> CommunityTagRecord? {
        id >= 1 && id <= communityTags.count ? communityTags[id - 1] : nil
    }

    /// The tags of community `id`, deleted ones too, oldest first.
    func tags(ofCommunity id: Int) -> [CommunityTagRecord] {
        communityTags.filter { $0.communityId == id }
    }

    /// The seeded tags (``SeedTags``) of every community, and posts' tags from their indices.
    mutating func seedCommunityTags() {
        for community in communities {
            for index in SeedTags.names.indices {
                communityTags.append(
                    CommunityTagRecord(
                        id: communityTags.count + 1, communityId: community.id, name: SeedTags.names[index],
                        displayName: SeedTags.displayNames[index], color: SeedTags.colors[index], published: siteCreated))
            }
        }
    }

    /// CreateCommunityTag.
    mutating func createCommunityTag(_ form: ApiCreateCommunityTag, by personId: Int, now: Double) throws -> Int {
        guard NameRules.isValidActorName(form.name, dialect: .v1_0) else { throw APIError.code("invalid_name") }
        // `CommunityView::read` without a user: deleted, removed and local-only-private
        // communities are not found (a private one is).
        guard let community = community(form.communityId), !community.deleted, !community.removed,
            community.visibility != "local_only_private"
        else { throw APIError.recordNotFound }
        try checkCommunityModAction(personId, in: community.id, dialect: .v1_0)
        try Self.checkTagSummary(form.summary)
        guard !tags(ofCommunity: community.id).contains(where: { $0.name == form.name }) else { throw APIError.code("couldnt_create") }
        let id = communityTags.count + 1
        communityTags.append(
            CommunityTagRecord(
                id: id, communityId: community.id, name: form.name, displayName: form.displayName, summary: form.summary,
                color: form.color ?? .color01, published: now))
        return id
    }

    /// EditCommunityTag: a nil field stays, an empty text clears it.
    mutating func editCommunityTag(_ form: ApiEditCommunityTag, by personId: Int, now: Double) throws {
        let tag = try modifiableTag(form.tagId, by: personId)
        try Self.checkTagSummary(form.summary)
        var edited = tag
        if let name = form.displayName { edited.displayName = name.isEmpty ? nil : name }
        if let summary = form.summary { edited.summary = summary.isEmpty ? nil : summary }
        if let color = form.color { edited.color = color }
        edited.updated = now
        communityTags[tag.id - 1] = edited
    }

    /// DeleteCommunityTag: sets or clears the deleted flag.
    mutating func deleteCommunityTag(_ id: Int, deleted: Bool, by personId: Int, now: Double) throws {
        let tag = try modifiableTag(id, by: personId)
        communityTags[tag.id - 1].deleted = deleted
        communityTags[tag.id - 1].updated = now
    }

    /// `update_post_tags`: replaces the tags of `postId` with `ids`.
    mutating func setPostTags(_ postId: Int, to ids: [Int]) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        let offered = Set(tags(ofCommunity: post.communityId).filter { !$0.deleted }.map(\.id))
        guard offered.isSuperset(of: ids) else { throw APIError.code("tag_not_in_community") }
        // `post_community_tag`'s primary key is (post, tag).
        guard Set(ids).count == ids.count else { throw APIError.code("couldnt_create") }
        posts[postId - 1].tags = ids
    }

    /// The tag `id` and its community, for a moderator of it or an admin.
    private func modifiableTag(_ id: Int, by personId: Int) throws -> CommunityTagRecord {
        guard let tag = communityTag(id) else { throw APIError.recordNotFound }
        try checkCommunityModAction(personId, in: tag.communityId, dialect: .v1_0)
        return tag
    }

    /// A summary of at most ``tagSummaryLimit`` UTF-16 units.
    private static func checkTagSummary(_ summary: String?) throws {
        if let summary, summary.utf16.count > tagSummaryLimit { throw APIError.code("site_description_length_overflow") }
    }
}

extension Database {
    /// ModEditPost (`api/api/src/post/mod_update.rs`): the post as the moderator reads it, their
    /// standing in its community (`check_community_user_action`), moderator or admin, then the
    /// NSFW flag, then the tags (the flag stays when the tags are refused). Unlike EditPost it
    /// does not force the flag on in an NSFW community.
    mutating func modEditPost(_ form: ApiModEditPost, by personId: Int, now: Double) throws {
        try requirePostView(form.postId, by: personId, dialect: .v1_0)
        guard let post = post(form.postId) else { throw APIError.notFound("post") }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: .v1_0)
        guard isModOrAdmin(personId, of: post.communityId) else { throw APIError.code("not_a_mod_or_admin") }
        if let nsfw = form.nsfw { posts[form.postId - 1].nsfw = nsfw }
        posts[form.postId - 1].updated = now
        if let tags = form.tags { try setPostTags(form.postId, to: tags) }
    }
}
