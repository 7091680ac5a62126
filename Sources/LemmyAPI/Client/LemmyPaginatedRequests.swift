// Conformances of the common list requests to LemmyPaginatedRequest.

extension LemmyV3.GetPosts: LemmyPaginatedRequest {
    /// Sets `page` or (0.19) `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) {
        form.page = LemmyPageNumbering.number(cursor)
        form.pageCursor = LemmyPageNumbering.opaque(cursor)
    }

    /// 0.19 answers with `next_page`; 0.18 pages by number.
    public func page(from response: ApiGetPostsResponse) -> LemmyPage<ApiPostView> {
        let next =
            response.nextPage.map(LemmyPageCursor.cursor)
            ?? (form.pageCursor == nil ? LemmyPageNumbering.next(after: form.page, count: response.posts.count, limit: form.limit) : nil)
        return LemmyPage(items: response.posts, next: next, previous: LemmyPageNumbering.previous(before: form.page))
    }

    /// 0.18: page numbers whatever `next_page` says (0.18 never reads a cursor back).
    public func numberedPage(from response: ApiGetPostsResponse) -> LemmyPage<ApiPostView> {
        LemmyPage(numbered: response.posts, page: form.page, limit: form.limit)
    }
}

extension LemmyV3.GetComments: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiGetCommentsResponse) -> LemmyPage<ApiCommentView> {
        LemmyPage(numbered: response.comments, page: form.page, limit: form.limit)
    }
}

extension LemmyV3.ListCommunities: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListCommunitiesResponse) -> LemmyPage<ApiCommunityView> {
        LemmyPage(numbered: response.communities, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.GetPosts: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostView>) -> LemmyPage<ApiPostView> { .init(response) }
}

extension LemmyV4.GetComments: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiCommentView>) -> LemmyPage<ApiCommentView> { .init(response) }
}

extension LemmyV4.ListCommunities: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiCommunityView>) -> LemmyPage<ApiCommunityView> { .init(response) }
}

extension LemmyV4.ListPersons: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPersonView>) -> LemmyPage<ApiPersonView> { .init(response) }
}

extension LemmyV4.ListNotifications: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiNotificationView>) -> LemmyPage<ApiNotificationView> { .init(response) }
}

extension LemmyV4.ListPersonContent: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostCommentCombinedView>) -> LemmyPage<ApiPostCommentCombinedView> {
        .init(response)
    }
}

extension LemmyV4.ListPersonSaved: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostCommentCombinedView>) -> LemmyPage<ApiPostCommentCombinedView> {
        .init(response)
    }
}

extension LemmyPage {
    /// The page of a 1.0 `PagedResponse`.
    public init(_ response: ApiPagedResponse<Item>) where Item: Codable & Hashable {
        self.init(
            items: response.items, next: response.nextPage.map(LemmyPageCursor.cursor),
            previous: response.prevPage.map(LemmyPageCursor.cursor))
    }
}

extension LemmyV3.ListPostReports: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListPostReportsResponse) -> LemmyPage<ApiPostReportView> {
        LemmyPage(numbered: response.postReports, page: form.page, limit: form.limit)
    }
}

extension LemmyV3.ListCommentReports: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListCommentReportsResponse) -> LemmyPage<ApiCommentReportView> {
        LemmyPage(numbered: response.commentReports, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.ListReports: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiReportCombinedView>) -> LemmyPage<ApiReportCombinedView> { .init(response) }
}

extension LemmyV3.ListPostLikes: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListPostLikesResponse) -> LemmyPage<ApiVoteView> {
        LemmyPage(numbered: response.postLikes, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.ListPostLikes: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiVoteView>) -> LemmyPage<ApiVoteView> { .init(response) }
}

extension LemmyV3.ListCommentLikes: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListCommentLikesResponse) -> LemmyPage<ApiVoteView> {
        LemmyPage(numbered: response.commentLikes, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.ListCommentLikes: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiVoteView>) -> LemmyPage<ApiVoteView> { .init(response) }
}

extension LemmyV3.ListRegistrationApplications: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListRegistrationApplicationsResponse) -> LemmyPage<ApiRegistrationApplicationView> {
        LemmyPage(numbered: response.registrationApplications, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.ListRegistrationApplications: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiRegistrationApplicationView>) -> LemmyPage<ApiRegistrationApplicationView> {
        .init(response)
    }
}

extension LemmyV3.ListPrivateMessageReports: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListPrivateMessageReportsResponse) -> LemmyPage<ApiPrivateMessageReportView> {
        LemmyPage(numbered: response.privateMessageReports, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.GetFederatedInstances: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiFederatedInstanceView>) -> LemmyPage<ApiFederatedInstanceView> {
        .init(response)
    }
}

extension LemmyV4.ListTaglines: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiTagline>) -> LemmyPage<ApiTagline> { .init(response) }
}

extension LemmyV3.ListMedia: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListMediaResponse) -> LemmyPage<ApiLocalImageView> {
        LemmyPage(numbered: response.images, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.ListMedia: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiLocalImageView>) -> LemmyPage<ApiLocalImageView> { .init(response) }
}

extension LemmyV3.ListAllMedia: LemmyPaginatedRequest {
    /// Sets `page`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.page = LemmyPageNumbering.number(cursor) }

    /// Pages by number.
    public func page(from response: ApiListMediaResponse) -> LemmyPage<ApiLocalImageView> {
        LemmyPage(numbered: response.images, page: form.page, limit: form.limit)
    }
}

extension LemmyV4.AdminListMedia: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiLocalImageView>) -> LemmyPage<ApiLocalImageView> { .init(response) }
}

extension LemmyV4.AdminListUsers: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiLocalUserView>) -> LemmyPage<ApiLocalUserView> { .init(response) }
}

extension LemmyV4.ListPersonLiked: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostCommentCombinedView>) -> LemmyPage<ApiPostCommentCombinedView> {
        .init(response)
    }
}

extension LemmyV4.ListPersonRead: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostView>) -> LemmyPage<ApiPostView> { .init(response) }
}

extension LemmyV4.ListPersonHidden: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPostView>) -> LemmyPage<ApiPostView> { .init(response) }
}

extension LemmyV4.ListCommunityPendingFollows: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiPendingFollowerView>) -> LemmyPage<ApiPendingFollowerView> {
        .init(response)
    }
}

extension LemmyV4.ListMultiCommunities: LemmyPaginatedRequest {
    /// Sets `page_cursor`.
    public mutating func move(to cursor: LemmyPageCursor?) { form.pageCursor = LemmyPageNumbering.opaque(cursor) }
    /// `next_page` / `prev_page`.
    public func page(from response: ApiPagedResponse<ApiMultiCommunityView>) -> LemmyPage<ApiMultiCommunityView> {
        .init(response)
    }
}
