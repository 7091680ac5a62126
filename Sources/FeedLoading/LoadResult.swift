/// What one ``LoadingActor/load()`` call came to.
public enum LoadResult<Item: Sendable>: Sendable {
    /// A page arrived and more pages follow.
    case success([Item])
    /// The last page arrived (possibly empty), or the feed had already ended.
    case done([Item])
    /// Another load was already in flight; this call did nothing.
    case ignored
    /// The load was cancelled by a reset or by cancelling the calling task. Not an error:
    /// the position is unchanged and nothing from the load will ever be delivered.
    case cancelled
    /// The fetch failed; the position is unchanged, so the next load retries the same page.
    case failure(any Error)
}

extension LoadResult {
    /// The items this load delivered; empty unless it succeeded.
    public var items: [Item] {
        switch self {
        case .success(let items), .done(let items): items
        case .ignored, .cancelled, .failure: []
        }
    }
}
