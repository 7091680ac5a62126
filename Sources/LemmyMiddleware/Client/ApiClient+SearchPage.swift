internal import LemmyAPI

/// Search one kind at a time, page by page.
extension ApiClient {
    /// A page of search results of one kind.
    public func search(_ query: String, kind: SearchKind, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<
        SearchResult
    > {
        let isV4 = try await generation() == .v4
        // Each generation gets only its own members: 0.18/0.19 take `q`, 1.0 `search_term`; a
        // member the server's version lacks would be refused before sending.
        var form = isV4 ? ApiSearch(searchTerm: query, limit: limit) : ApiSearch(limit: limit, q: query)
        form.type =
            switch kind {
            case .posts: .posts
            case .comments: .comments
            case .communities: .communities
            case .people: .users
            case .url: isV4 ? .posts : .url
            }
        if isV4 && kind == .url { form.postUrlOnly = true }
        let response: ApiSearchResponse
        if isV4 {
            form.pageCursor = cursor?.opaque
            response = try await send(LemmyV4.Search(form), mutation: false)
        } else {
            form.page = cursor?.pageNumber
            response = try await send(LemmyV3.Search(form), mutation: false)
        }
        let items: [SearchResult] =
            switch kind {
            case .posts, .url: response.posts.map { .post(post2($0)) }
            case .comments: response.comments.map { .comment(comment2($0)) }
            case .communities: response.communities.map { .community(community2($0)) }
            case .people: (response.users ?? response.persons ?? []).map { .person(person2($0)) }
            }
        // 1.0 pages by `next_page` only; counting pages there would fetch page 1 again.
        let next: PageCursor? =
            if isV4 {
                .opaque(response.nextPage)
            } else {
                .nextPage(after: cursor, count: items.count, limit: limit)
            }
        return ContentPage(items: items, next: next)
    }
}
