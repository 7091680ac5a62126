import Foundation
internal import Locking

/// Post views encoded as JSON for one revision of the state, shared by the store's snapshots, so
/// that a listing read again (a feed refreshed, a benchmark's pages) copies each post's bytes
/// instead of rendering and encoding it anew.
///
/// Rendering a post view and encoding it were about three quarters of the test server's work for
/// a GetPosts (callgrind: 28,000 and 18,600 instructions a post). A view depends on the state,
/// the dialect and the viewer only (not on the clock), so one encoded for a revision stays exact
/// until the next write; the views of older revisions are dropped when a newer one is stored.
/// Views of a state a handler has changed (``Database/written``) are neither read from here nor
/// stored (see ``Renderer/postViewsJSON(_:)``).
///
/// At most ``limit`` views are kept: once full, further views of the revision are encoded each
/// time, so memory stays bounded on a large seed (about 1.5 KB a view).
final class EncodedPostViews: Sendable {
    /// The most views kept: enough for a 10,000-post scroll of one viewer.
    static let defaultLimit = 12_000

    struct Key: Hashable {
        var id: Int
        var viewer: Int?
        var dialect: LemmyDialect
    }

    private struct Entries {
        var revision: UInt64 = 0
        var views: [Key: Data] = [:]
    }

    private let entries = Locked(Entries())
    /// The most views kept.
    let limit: Int

    init(limit: Int = defaultLimit) { self.limit = limit }

    /// The JSON of the views of `ids` for `viewer` in `dialect` at `revision`, in order: the
    /// stored ones, and `encode(id)` for the others (run outside the lock), which are then stored.
    func json(
        _ ids: [Int], viewer: Int?, dialect: LemmyDialect, revision: UInt64, encode: (Int) throws -> Data
    ) rethrows -> [Data] {
        var views: [Data?] = entries.withLock { entries in
            guard entries.revision == revision, !entries.views.isEmpty else { return Array(repeating: nil, count: ids.count) }
            return ids.map { entries.views[Key(id: $0, viewer: viewer, dialect: dialect)] }
        }
        var encoded: [(Key, Data)] = []
        for index in ids.indices where views[index] == nil {
            let json = try encode(ids[index])
            views[index] = json
            // Kept in a block of its size: the encoder's is 4 KB, most views 1 to 2.
            encoded.append((Key(id: ids[index], viewer: viewer, dialect: dialect), json.withUnsafeBytes { Data($0) }))
        }
        if !encoded.isEmpty { store(encoded, revision: revision) }
        return views.map { $0! }
    }

    /// How many views are kept now (for tests).
    var count: Int { entries.withLock { $0.views.count } }

    private func store(_ encoded: [(Key, Data)], revision: UInt64) {
        entries.withLock { entries in
            // A reader of an older snapshot has nothing to add; a newer revision makes the views
            // kept useless to anyone.
            guard revision >= entries.revision else { return }
            if revision > entries.revision { entries = Entries(revision: revision) }
            for (key, json) in encoded where entries.views.count < limit { entries.views[key] = json }
        }
    }
}
