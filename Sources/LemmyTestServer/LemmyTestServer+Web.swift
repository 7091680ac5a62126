extension LemmyTestServer {
    /// Publishes `page` at `url` on the server's simulated web, where its own fetches (a link's
    /// metadata) go instead of the real web; a later page at the same URL replaces it.
    ///
    /// How host names resolve there: an IP literal is its own address; `localhost` and names
    /// under `.localhost`, `.local` and `.internal` resolve to internal addresses, which Lemmy
    /// 0.19 and 1.0 refuse to fetch (0.18 fetches them); any other name resolves, to a public
    /// address, once a page is published on it. A URL of a resolving host without a page answers
    /// 404 `Not Found` as text.
    ///
    /// - Returns: false, publishing nothing, if `url` is not an absolute http or https URL.
    @discardableResult
    public func publish(_ page: WebPage, at url: String) -> Bool {
        (try? store.with { db in db.web.publish(page, at: url) }) ?? false
    }
}
