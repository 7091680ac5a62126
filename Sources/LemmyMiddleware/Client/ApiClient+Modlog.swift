internal import LemmyAPI

/// The modlog.
extension ApiClient {
    /// A page of moderator actions, newest first, of one community or the whole instance.
    ///
    /// On 0.18 and 0.19 removed posts and comments, locked and pinned posts, community bans,
    /// removed communities and admin purges are listed; other actions are left out (but still
    /// count towards the page, so paging stays right).
    /// A purge names what is left of its target: a purged post's community, a purged comment's post.
    public func getModlog(communityId: Int? = nil, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<
        ModlogEntry
    > {
        // Explicit per generation: different responses: 1.0 one cursor-paged list, 0.18/0.19 one list per action.
        if try await generation() == .v4 {
            let form = ApiGetModlog(communityId: communityId, limit: limit)
            let response = try await send(LemmyV4.GetModlog(form).moved(to: cursor?.opaque), mutation: false)
            return ContentPage(items: response.items.map(modlogEntry), next: .opaque(response.nextPage))
        }
        var form = ApiGetModlog(communityId: communityId, limit: limit)
        form.page = cursor?.pageNumber
        let response = try await send(LemmyV3.GetModlog(form), mutation: false)
        var entries = response.removedPosts.map { view in
            ModlogEntry(
                id: view.modRemovePost.id, action: .removePost, date: view.modRemovePost.when.date,
                reason: escapedText.unescape(view.modRemovePost.reason), isRevert: !view.modRemovePost.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.removedComments.map { view in
            ModlogEntry(
                id: view.modRemoveComment.id, action: .removeComment, date: view.modRemoveComment.when.date,
                reason: escapedText.unescape(view.modRemoveComment.reason), isRevert: !view.modRemoveComment.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.commenter),
                community: community1(view.community), post: post1(view.post), comment: comment1(view.comment))
        }
        entries += response.lockedPosts.map { view in
            ModlogEntry(
                id: view.modLockPost.id, action: .lockPost, date: view.modLockPost.when.date, reason: nil,
                isRevert: !view.modLockPost.locked, moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.featuredPosts.map { view in
            ModlogEntry(
                id: view.modFeaturePost.id, action: .featurePost, date: view.modFeaturePost.when.date, reason: nil,
                isRevert: !view.modFeaturePost.featured, moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.bannedFromCommunity.map { view in
            ModlogEntry(
                id: view.modBanFromCommunity.id, action: .banFromCommunity, date: view.modBanFromCommunity.when.date,
                reason: escapedText.unescape(view.modBanFromCommunity.reason), isRevert: !view.modBanFromCommunity.banned,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.bannedPerson),
                community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.removedCommunities.map { view in
            ModlogEntry(
                id: view.modRemoveCommunity.id, action: .removeCommunity, date: view.modRemoveCommunity.when.date,
                reason: escapedText.unescape(view.modRemoveCommunity.reason), isRevert: !view.modRemoveCommunity.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.adminPurgedPosts.map { view in
            ModlogEntry(
                id: view.adminPurgePost.id, action: .purgePost, date: view.adminPurgePost.when.date,
                reason: escapedText.unescape(view.adminPurgePost.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil,
                community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.adminPurgedComments.map { view in
            ModlogEntry(
                id: view.adminPurgeComment.id, action: .purgeComment, date: view.adminPurgeComment.when.date,
                reason: escapedText.unescape(view.adminPurgeComment.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil,
                community: nil, post: post1(view.post), comment: nil)
        }
        entries += response.adminPurgedCommunities.map { view in
            ModlogEntry(
                id: view.adminPurgeCommunity.id, action: .purgeCommunity, date: view.adminPurgeCommunity.when.date,
                reason: escapedText.unescape(view.adminPurgeCommunity.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil, community: nil, post: nil, comment: nil)
        }
        entries += response.adminPurgedPersons.map { view in
            ModlogEntry(
                id: view.adminPurgePerson.id, action: .purgePerson, date: view.adminPurgePerson.when.date,
                reason: escapedText.unescape(view.adminPurgePerson.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil, community: nil, post: nil, comment: nil)
        }
        // Whether another page follows depends on every action in the answer, mapped or not.
        let counts: [Int] = [
            response.removedPosts.count, response.lockedPosts.count, response.featuredPosts.count,
            response.removedComments.count, response.removedCommunities.count, response.bannedFromCommunity.count,
            response.banned.count, response.addedToCommunity.count, response.transferredToCommunity.count,
            response.added.count, response.adminPurgedPersons.count, response.adminPurgedCommunities.count,
            response.adminPurgedPosts.count, response.adminPurgedComments.count, response.hiddenCommunities.count,
        ]
        let count = counts.reduce(0, +)
        entries.sort { $0.date > $1.date }
        return ContentPage(items: entries, next: .nextPage(after: cursor, count: count, limit: limit))
    }

    private func modlogEntry(_ view: ApiModlogView) -> ModlogEntry {
        let action: ModlogAction =
            switch view.modlog.kind {
            case .modRemovePost: .removePost
            case .modRemoveComment: .removeComment
            case .modLockPost: .lockPost
            case .modFeaturePostCommunity, .adminFeaturePostSite: .featurePost
            case .modBanFromCommunity: .banFromCommunity
            case .adminRemoveCommunity: .removeCommunity
            case .adminPurgePost: .purgePost
            case .adminPurgeComment: .purgeComment
            case .adminPurgeCommunity: .purgeCommunity
            case .adminPurgePerson: .purgePerson
            default: .other(String(describing: view.modlog.kind))
            }
        return ModlogEntry(
            id: view.modlog.id, action: action, date: view.modlog.publishedAt.date, reason: escapedText.unescape(view.modlog.reason),
            isRevert: view.modlog.isRevert, moderator: view.moderator.map { person1($0) },
            targetPerson: view.targetPerson.map { person1($0) }, community: view.targetCommunity.map { community1($0) },
            post: view.targetPost.map { post1($0) }, comment: view.targetComment.map { comment1($0) })
    }
}

extension LemmyV4.GetModlog {
    /// The request at `cursor` (nil: the first page).
    func moved(to cursor: String?) -> Self {
        var copy = self
        copy.form.pageCursor = cursor
        return copy
    }
}
