internal import LemmyAPI

/// Reads. Each returns live models, merged into the client's caches.
extension ApiClient {
    /// A page of posts as ``Post2`` models.
    ///
    /// With `showRead: false` the account's read posts are left out: by the server where its
    /// version can (`show_read`, Lemmy 0.19.9 and later), else by the client from each page (the
    /// page may then hold fewer than `limit` posts). ``serverFiltersReadPosts()`` says which.
    public func getPosts(
        feed: FeedType = .all, sort: PostSortType = .hot, limit: Int = 20, showRead: Bool = true,
        cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Post2> {
        let (views, next) = try await postViews(feed: feed, sort: sort, limit: limit, showRead: showRead, cursor: cursor)
        return ContentPage(items: (consume views).mapInPlace { post2($0) }, next: next)
    }

    /// A page of posts as the server sent them (feeds keep them to save for an offline start).
    /// With `showRead: false` read posts are left out, by the server where it can.
    func postViews(
        feed: FeedType, sort: PostSortType, limit: Int, showRead: Bool = true,
        cursor: PageCursor?
    ) async throws(ApiClientError) -> (items: [ApiPostView], next: PageCursor?) {
        let apiVersion = try await version().apiVersion
        guard feed.isSupported(by: apiVersion) else { throw Self.unsupportedFeed(feed) }
        let serverHidesRead = showRead ? false : try await serverFiltersReadPosts()
        let page = try await self.page(
            Self.postsRequest(feed: feed, sort: sort, limit: limit, hidingRead: serverHidesRead, for: apiVersion), at: cursor)
        guard !showRead, !serverHidesRead else { return page }
        // The server cannot leave read posts out: the client does, from the merged models'
        // read state (which includes marks made since the page was sent).
        return (unread(page.items), page.next)
    }

    // The request and the read filter are made in functions that are not inlined, to keep
    // `postViews`' async frame small: inlined, the form, the filter's models and
    // `serverFiltersReadPosts`' query made it 7.4 KB, in the allocator of every task that reads
    // a page (see "Keep a loader's async frame small" in the HTTPLoading docs).

    /// The GetPosts request of a page: `limit` posts of `feed` in `sort` (as the server's version
    /// names it), without read posts if `hidingRead`.
    @inline(never)
    private static func postsRequest(
        feed: FeedType, sort: PostSortType, limit: Int, hidingRead: Bool, for apiVersion: LemmyAPIVersion
    ) -> LemmyAnyGeneration.GetPosts {
        let wire = sort.wire(for: apiVersion)
        var form = ApiGetPosts(sort: wire.sort, timeRangeSeconds: wire.timeRangeSeconds, limit: limit)
        form.type = feed.listing
        switch feed {
        case .community(let id): form.communityId = id
        case .multiCommunity(let id):
            // All: without a type Lemmy lists by the account's default listing (`Local` unless
            // changed), which would drop the multi-community's remote communities.
            form.type = .all
            form.multiCommunityId = id
        case .communityTag(let communityId, let tagId):
            form.communityId = communityId
            form.tagId = tagId
        default: break
        }
        if hidingRead { form.showRead = false }
        return LemmyAnyGeneration.GetPosts(form)
    }

    /// The failure of a feed the server's version lacks (a listing, or multi-communities).
    @inline(never)
    private static func unsupportedFeed(_ feed: FeedType) -> ApiClientError {
        if case .multiCommunity = feed { return .unavailableInVersion("multi-communities need Lemmy 1.0 or later") }
        if case .communityTag = feed { return .unavailableInVersion("post tags need Lemmy 1.0 or later") }
        return .unavailableInVersion("the \(feed) listing")
    }

    /// `views` without the posts whose model is marked read.
    @inline(never)
    private func unread(_ views: [ApiPostView]) -> [ApiPostView] {
        views.filter { !post2($0).read }
    }

    /// One post with its community and moderators, as a ``Post3``.
    /// An answer about another one than asked for is a ``ApiClientError/Kind/decoding`` failure.
    public func getPost(id: Int) async throws(ApiClientError) -> Post3 {
        let form = ApiGetPost(id: id)
        let response = try await send(LemmyAnyGeneration.GetPost(form), mutation: false)
        try Self.requireSame("post", answered: response.postView.post.id, asked: id)
        return post3(response)
    }

    /// A person's profile, as a ``Person3``.
    /// An answer about another one than asked for is a ``ApiClientError/Kind/decoding`` failure.
    public func getPerson(id: Int) async throws(ApiClientError) -> Person3 {
        let form = ApiGetPersonDetails(personId: id, limit: 1)
        let response = try await send(LemmyAnyGeneration.GetPersonDetails(form), mutation: false)
        try Self.requireSame("person", answered: response.personView.person.id, asked: id)
        return person3(response)
    }

    /// A community with its moderators, as a ``Community3``.
    /// An answer about another one than asked for is a ``ApiClientError/Kind/decoding`` failure.
    public func getCommunity(id: Int) async throws(ApiClientError) -> Community3 {
        let form = ApiGetCommunity(id: id)
        let response = try await send(LemmyAnyGeneration.GetCommunity(form), mutation: false)
        try Self.requireSame("community", answered: response.communityView.community.id, asked: id)
        return community3(response)
    }

    /// Comments of a post, as ``Comment2`` models (tree order as the server sends it).
    public func getComments(
        postId: Int, sort: CommentSortType = .hot, limit: Int = 50,
        cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Comment2> {
        // All: without a type Lemmy lists by the account's default listing (`Local` unless
        // changed), and a post of a remote community would have no comments.
        let form = try await unwindowed(ApiGetComments(type: .all, sort: sort.api, limit: limit, postId: postId))
        let (views, next) = try await self.page(LemmyAnyGeneration.GetComments(form), at: cursor)
        return ContentPage(items: (consume views).mapInPlace { comment2($0) }, next: next)
    }

    /// Posts, comments, communities and people matching `query`.
    public func search(_ query: String, limit: Int = 20) async throws(ApiClientError) -> SearchResults {
        let response: ApiSearchResponse
        // Explicit per generation: the form differs: 1.0 takes search_term, 0.18/0.19 q.
        if try await generation() == .v4 {
            response = try await send(LemmyV4.Search(ApiSearch(searchTerm: query, limit: limit)), mutation: false)
        } else {
            response = try await send(LemmyV3.Search(ApiSearch(limit: limit, q: query)), mutation: false)
        }
        var results = SearchResults(
            posts: response.posts.map { post2($0) },
            comments: response.comments.map { comment2($0) },
            communities: response.communities.map { community2($0) },
            people: (response.users ?? response.persons ?? []).map { person2($0) },
            multiCommunities: (response.multiCommunities ?? []).map { multiCommunity1($0) })
        if let resolved = response.resolve { results.merge(resolved: resolved, client: self) }
        return results
    }

    /// The client's site (the instance's own page: name, counts, admins), as a ``Site3``. On 0.18 and 0.19 this also refreshes ``account`` (1.0
    /// moved the account out of GetSite: use ``loadAccount()``).
    public func getSite() async throws(ApiClientError) -> Site3 {
        let response: ApiGetSiteResponse
        // Explicit per generation: different forms (0.18 sends a GetSite form with `auth`, 1.0 none).
        if try await generation() == .v4 {
            response = try await send(LemmyV4.GetSite(), mutation: false)
        } else {
            response = try await send(LemmyV3.GetSite(), mutation: false)
        }
        if let myUser = response.myUser { updateAccount(myUser) }
        return site3(response)
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
    /// Matching multi-communities, newest first (Lemmy 1.0; empty before).
    public var multiCommunities: [MultiCommunity1] = []
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
    /// An answer about another comment than asked for is a ``ApiClientError/Kind/decoding`` failure.
    public func getComment(id: Int) async throws(ApiClientError) -> Comment2 {
        let form = ApiGetComment(id: id)
        let view = try await send(LemmyAnyGeneration.GetComment(form), mutation: false).commentView
        try Self.requireSame("comment", answered: view.comment.id, asked: id)
        return comment2(view)
    }
}
