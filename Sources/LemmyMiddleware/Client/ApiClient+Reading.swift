internal import LemmyAPI

/// Reads. Each returns live models, merged into the client's caches.
extension ApiClient {
    /// A page of posts as ``Post2`` models.
    public func getPosts(feed: FeedType = .all, sort: PostSortType = .hot, limit: Int = 20,
                         cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<Post2> {
        let page = try await postViews(feed: feed, sort: sort, limit: limit, cursor: cursor)
        return ContentPage(items: page.items.map { post2($0) }, next: page.next)
    }

    /// A page of posts as the server sent them (feeds keep them to save for an offline start).
    func postViews(feed: FeedType, sort: PostSortType, limit: Int,
                   cursor: PageCursor?) async throws(ApiClientError) -> (items: [ApiPostView], next: PageCursor?) {
        let wire = sort.wire(for: try await version().apiVersion)
        var form = ApiGetPosts(sort: wire.sort, timeRangeSeconds: wire.timeRangeSeconds, limit: limit)
        form.type = feed.listing
        if case .community(let id) = feed { form.communityId = id }
        let page: (items: [ApiPostView], next: PageCursor?)
        if try await generation() == .v4 {
            page = try await self.page(LemmyV4.GetPosts(form), at: cursor)
        } else {
            page = try await self.page(LemmyV3.GetPosts(form), at: cursor)
        }
        return page
    }

    /// One post with its community and moderators, as a ``Post3``.
    public func getPost(id: Int) async throws(ApiClientError) -> Post3 {
        let form = ApiGetPost(id: id)
        if try await generation() == .v4 {
            return post3(try await send(LemmyV4.GetPost(form), mutation: false))
        }
        return post3(try await send(LemmyV3.GetPost(form), mutation: false))
    }

    /// A person's profile, as a ``Person3``.
    public func getPerson(id: Int) async throws(ApiClientError) -> Person3 {
        let form = ApiGetPersonDetails(personId: id, limit: 1)
        if try await generation() == .v4 {
            return person3(try await send(LemmyV4.GetPersonDetails(form), mutation: false))
        }
        return person3(try await send(LemmyV3.GetPersonDetails(form), mutation: false))
    }

    /// A community with its moderators, as a ``Community3``.
    public func getCommunity(id: Int) async throws(ApiClientError) -> Community3 {
        let form = ApiGetCommunity(id: id)
        if try await generation() == .v4 {
            return community3(try await send(LemmyV4.GetCommunity(form), mutation: false))
        }
        return community3(try await send(LemmyV3.GetCommunity(form), mutation: false))
    }

    /// Comments of a post, as ``Comment2`` models (tree order as the server sends it).
    public func getComments(postId: Int, sort: CommentSortType = .hot, limit: Int = 50,
                            cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<Comment2> {
        let form = ApiGetComments(sort: sort.api, limit: limit, postId: postId)
        let page: (items: [ApiCommentView], next: PageCursor?)
        if try await generation() == .v4 {
            page = try await self.page(LemmyV4.GetComments(form), at: cursor)
        } else {
            page = try await self.page(LemmyV3.GetComments(form), at: cursor)
        }
        return ContentPage(items: page.items.map { comment2($0) }, next: page.next)
    }

    /// Posts, comments, communities and people matching `query`.
    public func search(_ query: String, limit: Int = 20) async throws(ApiClientError) -> SearchResults {
        let response: ApiSearchResponse
        if try await generation() == .v4 {
            response = try await send(LemmyV4.Search(ApiSearch(searchTerm: query, limit: limit)), mutation: false)
        } else {
            response = try await send(LemmyV3.Search(ApiSearch(limit: limit, q: query)), mutation: false)
        }
        var results = SearchResults(posts: response.posts.map { post2($0) },
                                    comments: response.comments.map { comment2($0) },
                                    communities: response.communities.map { community2($0) },
                                    people: (response.users ?? response.persons ?? []).map { person2($0) })
        if let resolved = response.resolve { results.merge(resolved: resolved, client: self) }
        return results
    }

    /// The instance, as an ``Instance3``. On 0.18 and 0.19 this also refreshes ``account`` (1.0
    /// moved the account out of GetSite: use ``loadAccount()``).
    public func getSite() async throws(ApiClientError) -> Instance3 {
        let response: ApiGetSiteResponse
        if try await generation() == .v4 {
            response = try await send(LemmyV4.GetSite(), mutation: false)
        } else {
            response = try await send(LemmyV3.GetSite(), mutation: false)
        }
        if let myUser = response.myUser { updateAccount(myUser) }
        return instance3(response)
    }
}

/// What ``ApiClient/search(_:limit:)`` found.
public struct SearchResults {
    /// Matching posts.
    public var posts: [Post2]
    /// Matching comments.
    public var comments: [Comment2]
    /// Matching communities.
    public var communities: [Community2]
    /// Matching people.
    public var people: [Person2]
}

extension SearchResults {
    /// Adds a 1.0 resolved object to the lists.
    @MainActor mutating func merge(resolved: ApiResolveObjectView, client: ApiClient) {
        switch resolved {
        case .post(let view):
            let post = client.post2(view)
            if !posts.contains(where: { $0 === post }) { posts.insert(post, at: 0) }
        case .comment(let view):
            let comment = client.comment2(view)
            if !comments.contains(where: { $0 === comment }) { comments.insert(comment, at: 0) }
        case .person(let view):
            let person = client.person2(view)
            if !people.contains(where: { $0 === person }) { people.insert(person, at: 0) }
        case .community(let view):
            let community = client.community2(view)
            if !communities.contains(where: { $0 === community }) { communities.insert(community, at: 0) }
        default:
            break
        }
    }
}

extension ApiClient {
    /// One comment, as a ``Comment2``.
    public func getComment(id: Int) async throws(ApiClientError) -> Comment2 {
        let form = ApiGetComment(id: id)
        if try await generation() == .v4 {
            return comment2(try await send(LemmyV4.GetComment(form), mutation: false).commentView)
        }
        return comment2(try await send(LemmyV3.GetComment(form), mutation: false).commentView)
    }
}
