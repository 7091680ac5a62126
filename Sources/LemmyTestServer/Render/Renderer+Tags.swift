import LemmyAPI

/// The tags every seeded community offers; a tag's id is unique per community, as Lemmy's are.
enum SeedTags {
    static let names = ["news", "question", "discussion"]
    static let displayNames: [String?] = ["News", nil, "Discussion"]

    static func id(community: Int, index: Int) -> Int { (community - 1) * names.count + index + 1 }
}

extension Renderer {
    /// The community tags on `post` as Lemmy 1.0 sends them in a post view.
    func postTags(_ post: PostRecord) -> [ApiCommunityTag] {
        let community = db.community(post.communityId)
        let home = actorBase(community?.instanceId ?? 1)
        let colors: [ApiTagColor] = [.color01, .color04, .color10]
        return post.tags.map { index in
            ApiCommunityTag(
                id: SeedTags.id(community: post.communityId, index: index),
                apId: "\(home)/c/\(community?.name ?? "unknown")/tag/\(SeedTags.names[index])",
                name: SeedTags.names[index], displayName: SeedTags.displayNames[index],
                communityId: post.communityId, publishedAt: date(db.siteCreated), deleted: false, color: colors[index])
        }
    }
}
