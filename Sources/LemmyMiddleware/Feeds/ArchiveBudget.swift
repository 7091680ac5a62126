internal import LemmyAPI

/// How many posts of a post feed keep the server's answer they were made from, for
/// ``LemmyFeed/archive(savedAt:)``: the first `limit` of the listing, counted again from the
/// listing's first page.
///
/// An offline start shows the top of a feed, so only the top is worth keeping. Keeping every
/// answer of a long scroll cost about 3 KB a post, and the time to copy and free it: the peak
/// memory of a 10,000-post scroll was 116 MB, and is 87 MB with the default limit.
@MainActor
final class ArchiveBudget {
    /// Posts kept with their answer from the first page on.
    let limit: Int
    private var remaining: Int

    /// A budget of `limit` posts (none when `limit` is 0 or less).
    init(limit: Int) {
        self.limit = max(0, limit)
        remaining = self.limit
    }

    /// The entries for one page of `views`, made into models by `model`; the first page of a
    /// listing (`cursor == nil`) starts the count again.
    ///
    /// Pass views no one else holds (`consume`): each is then read where it is stored (see
    /// `Array.mapInPlace`), and only those kept for the archive are copied.
    func entries(for views: consuming [ApiPostView], cursor: PageCursor?, model: (ApiPostView) -> Post2) -> [FeedEntry<Post2>] {
        if cursor == nil { remaining = limit }
        let kept = min(remaining, views.count)
        remaining -= kept
        var index = 0
        return (consume views).mapInPlace { view in
            defer { index += 1 }
            let post = model(view)
            return index < kept ? .post(post, archive: copy view) : .post(post)
        }
    }
}
