internal import LemmyAPI

/// The people banned from the instance, for its admins.
extension ApiClient {
    /// A page of the people banned from the client's instance (admins only; anyone else is
    /// refused with the server's `not_an_admin`), as ``Person2`` models with
    /// ``Person2/isBanned`` set.
    ///
    /// Lemmy 0.18 and 0.19 answer with the whole list at once (0.18 with remote people too,
    /// 0.19 only local ones), so the page is the only one and `limit` is not sent. Lemmy 1.0
    /// pages its list of local accounts, newest first. Every version leaves out bans that have
    /// ended and deleted accounts. To read them all, pass this to ``allPages(maxPages:_:)``.
    ///
    /// - Parameters:
    ///   - limit: the page size on Lemmy 1.0 (1 to 50).
    ///   - cursor: where the page starts (``ContentPage/next`` of the previous page).
    public func bannedPeople(limit: Int = 50, cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<Person2> {
        try requireAccount()
        // Explicit per generation: 0.18/0.19 list every banned person in one answer, 1.0 pages
        // local accounts with a filter.
        if try await generation() == .v4 {
            let page = try await self.page(LemmyV4.AdminListUsers(ApiAdminListUsers(bannedOnly: true, limit: limit)), at: cursor)
            let people = page.items.map { user in
                person2(
                    ApiPersonView(
                        person: user.person, isAdmin: user.localUser.admin, banned: user.banned ?? true, banExpiresAt: user.banExpiresAt),
                    carriesActions: false)
            }
            return ContentPage(items: people, next: page.next)
        }
        // A cursor can only come from a page of this list, which has no next one.
        guard cursor == nil else { return ContentPage(items: [], next: nil) }
        let banned = try await send(LemmyV3.GetBannedPersons(ApiGetBannedPersons()), mutation: false).banned
        return ContentPage(items: banned.map { person2($0) }, next: nil)
    }
}
