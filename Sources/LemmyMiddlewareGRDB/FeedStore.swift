import Foundation
public import LemmyMiddleware
import Resources
public import ResourcesGRDB

/// Saved feeds for an offline start, per account, in the SQLite file of a
/// `SQLiteResourceCache`: the same file mode (0600), account partitions, size
/// bounds and recovery from a corrupt file, with no second database to look after.
///
/// <!-- sample: doc-feedstore -->
/// ```swift
/// let store = try FeedStore(path: cachesDirectory + "/lemmy.sqlite")
/// await store.save(feed, key: "home", account: "alice@lemmy.ml")      // e.g. going to the background
/// // next launch, with a new client:
/// let feed = PostFeed(api: client, query: query)
/// if try await store.restore(feed, key: "home", account: "alice@lemmy.ml") {
///     // feed.items show at once, feed.isStale is true
/// }
/// await feed.refresh()                                                // replaces them
/// ```
///
/// A damaged or foreign file never fails a launch: the cache starts empty, and an archive it
/// cannot read is a typed `FeedArchiveError` (and is removed, so it fails once).
public struct FeedStore: Sendable {
    /// The cache that holds the archives (among its other entries, under keys of their own).
    public let cache: SQLiteResourceCache

    /// A store in `cache`, such as the one a `ResourceService` already uses.
    public init(cache: SQLiteResourceCache) { self.cache = cache }

    /// Opens (creating with mode 0600 if needed) the cache file at `path`; a file that is not a
    /// usable database is replaced by an empty one.
    public init(path: String) throws {
        cache = try SQLiteResourceCache(path: path)
    }

    /// Saves `feed`'s loaded posts under `key` for `account` (any key naming the account, such
    /// as `alice@lemmy.ml`; `SQLiteResourceCache.guestAccount` for a guest).
    @MainActor
    public func save(_ feed: PostFeed, key: String, account: String) async {
        let archive = feed.archive()
        await cache.partition(account: account).store(
            CachedResponse(body: archive.data, headerFields: [], timestamp: Date()),
            forKey: Self.entryKey(key))
    }

    /// Restores the posts saved under `key` for `account` into `feed` (see
    /// `LemmyFeed.restore(from:)`).
    ///
    /// - Returns: whether anything was saved there.
    /// - Throws: `FeedArchiveError` when the saved archive cannot be used; it
    ///   is then removed, and the feed is left as it was.
    @MainActor
    public func restore(_ feed: PostFeed, key: String, account: String) async throws(FeedArchiveError) -> Bool {
        let partition = cache.partition(account: account)
        guard let entry = await partition.entry(forKey: Self.entryKey(key)) else { return false }
        do {
            try await feed.restore(from: FeedArchive(data: entry.body))
        } catch {
            await partition.removeEntry(forKey: Self.entryKey(key))
            throw error
        }
        return true
    }

    /// Forgets the feed saved under `key` for `account`.
    public func remove(key: String, account: String) async {
        await cache.partition(account: account).removeEntry(forKey: Self.entryKey(key))
    }

    /// Keys of their own, so archives never collide with cached HTTP responses (whose keys are URLs).
    static func entryKey(_ key: String) -> String { "lemmy-feed-archive:" + key }
}
