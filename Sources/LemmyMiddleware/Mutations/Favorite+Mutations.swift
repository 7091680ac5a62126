/// Favourite communities. Lemmy has no favourites, so they are the client's own: a favourite is a
/// subscription the user singled out, kept in ``Account/favoriteCommunityIds``.
extension Community2Providing {
    /// Marks the community as a favourite, subscribing first when needed, or unmarks it (the
    /// subscription stays). If the subscription fails, the community is not a favourite.
    @discardableResult public func toggleFavorite() async -> MutationResult {
        guard let account = api.account else { return .failed(.notLoggedIn) }
        let community = community2
        guard !account.favoriteCommunityIds.contains(community.id) else {
            Account.set(&account.favoriteCommunityIds, community.id, member: false)
            return .confirmed
        }
        Account.set(&account.favoriteCommunityIds, community.id, member: true)
        guard !community.subscription.isSubscribed else { return .confirmed }
        let result = await community.toggleSubscribe()
        if result.isFailure { Account.set(&account.favoriteCommunityIds, community.id, member: false) }
        return result
    }
}

extension Community1Providing {
    /// Whether the account marked the community as a favourite.
    public var isFavorite: Bool { api.account?.favoriteCommunityIds.contains(id) ?? false }
}

extension ApiClient {
    /// Restores favourites the app saved (Lemmy does not store them); ids of communities the
    /// account does not subscribe to are kept, and dropped when it unsubscribes from them.
    public func restoreFavoriteCommunities(_ ids: Set<Int>) {
        guard let account, account.favoriteCommunityIds != ids else { return }
        account.favoriteCommunityIds = ids
    }
}
