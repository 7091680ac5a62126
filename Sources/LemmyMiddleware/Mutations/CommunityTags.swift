internal import LemmyAPI

/// The tags a community offers its posts (Lemmy 1.0): its moderators and admins make, edit and
/// delete them. Each call answers the tag as the server stored it, and updates the cached
/// community's ``Community2Providing/tags``. Before 1.0 each fails with
/// ``ApiClientError/unavailableInVersion(_:)`` before any request.
extension ApiClient {
    /// Makes a tag in `communityId`.
    ///
    /// Lemmy refuses a `name` that is not 2 to 20 letters, digits and `_` of one alphabet
    /// (`invalid_name`), one the community has already (`couldnt_create`; names are compared
    /// with case), a summary over 150 characters (`site_description_length_overflow`), and anyone
    /// but the community's moderators and admins (`not_a_mod_or_admin`).
    /// - Parameters:
    ///   - communityId: The community that offers the tag.
    ///   - name: The tag's name, fixed once made.
    ///   - displayName: The name to show, if not `name`.
    ///   - summary: What the tag is for.
    ///   - color: One of Lemmy's ten colours, 1...10 (nil: 1).
    public func createCommunityTag(
        communityId: Int, name: String, displayName: String? = nil, summary: String? = nil, color: Int? = nil
    ) async throws(ApiClientError) -> PostTag {
        try await requireTags(for: "community tags")
        let form = ApiCreateCommunityTag(
            communityId: communityId, name: name, displayName: displayName, summary: summary, color: try Self.tagColor(color))
        let answer = try await send(LemmyV4.CreateCommunityTag(form), mutation: true)
        try Self.requireSame("community", answered: answer.communityId, asked: communityId)
        return mergeTag(answer)
    }

    /// Edits tag `id`: each non-nil argument replaces that field, and an empty text clears it.
    /// The name cannot change.
    public func editCommunityTag(id: Int, displayName: String? = nil, summary: String? = nil, color: Int? = nil)
        async throws(ApiClientError) -> PostTag
    {
        try await requireTags(for: "community tags")
        let form = ApiEditCommunityTag(tagId: id, displayName: displayName, summary: summary, color: try Self.tagColor(color))
        let answer = try await send(LemmyV4.EditCommunityTag(form), mutation: true)
        try Self.requireSame("tag", answered: answer.id, asked: id)
        return mergeTag(answer)
    }

    /// Deletes tag `id`, or restores it (`deleted: false`). A deleted tag leaves every post
    /// (Lemmy keeps the links, so restoring it puts it back) and shows only to the community's
    /// moderators and admins.
    public func deleteCommunityTag(id: Int, deleted: Bool = true) async throws(ApiClientError) -> PostTag {
        try await requireTags(for: "community tags")
        let answer = try await send(LemmyV4.DeleteCommunityTag(ApiDeleteCommunityTag(tagId: id, delete: deleted)), mutation: true)
        try Self.requireSame("tag", answered: answer.id, asked: id)
        return mergeTag(answer)
    }

    /// Throws unless the server has tags (1.0): `what` names the feature in the error.
    func requireTags(for what: String) async throws(ApiClientError) {
        guard try await generation() == .v4 else { throw .unavailableInVersion("\(what) (Lemmy 1.0 and later)") }
    }

    /// `color` (1...10) as Lemmy spells it.
    static func tagColor(_ color: Int?) throws(ApiClientError) -> ApiTagColor? {
        guard let color else { return nil }
        guard (1...ApiTagColor.knownCases.count).contains(color) else {
            throw .unsupported("tag colour \(color): Lemmy has colours 1 to \(ApiTagColor.knownCases.count)")
        }
        return ApiTagColor.knownCases[color - 1]
    }

    /// `answer` as a ``PostTag``, put into the cached community's tags (replacing the tag with
    /// its id, or added last) as the answer to the request just sent. Cached posts keep showing
    /// a tag edited or deleted here until they are read again.
    private func mergeTag(_ answer: ApiCommunityTag) -> PostTag {
        let tag = PostTag(answer)
        if let community = caches.community2[answer.communityId] {
            var snapshot = community.confirmed
            if let index = snapshot.tags.firstIndex(where: { $0.id == tag.id }) {
                snapshot.tags[index] = tag
            } else {
                snapshot.tags.append(tag)
            }
            community.merge(snapshot, sequence: mergeSequence)
        }
        return tag
    }
}
