/// What one filter pass has seen: the keys a ``DuplicateFilter`` has kept, or the ids a loader
/// has made visible.
///
/// A class rather than a captured `var`, whose every insert paid a run-time exclusivity check
/// (a pass is one loop on one actor, so no access can overlap another).
@usableFromInline
final class SeenSet<Element: Hashable> {
    @usableFromInline @exclusivity(unchecked) var elements: Set<Element> = []

    @inlinable init() {}

    /// Adds `element`; `false` if it was there already.
    @inlinable func insert(_ element: Element) -> Bool { elements.insert(element).inserted }
}
