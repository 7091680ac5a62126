import FeedLoading
public import Foundation
internal import LemmyAPI

/// A feed's loaded items, saved for an offline start: the app shows them at once on the next
/// launch, marked stale (``LemmyFeed/isStale``), until a refresh replaces them.
///
/// The archive holds the server's answers as they came (not the models), so models made from
/// it are made exactly as live ones are, and a new model field needs no migration. Votes and
/// other changes made after a page arrived are not in it: the refresh brings them back.
///
/// <!-- sample: doc-feedarchive -->
/// ```swift
/// let saved = feed.archive()                       // on going to the background
/// try await restoredFeed.restore(from: saved)      // on launch: items now, marked stale
/// await restoredFeed.refresh()                     // replaces them
/// ```
///
/// `LemmyMiddlewareGRDB`'s `FeedStore` keeps archives per account in SQLite.
public struct FeedArchive: Sendable, Hashable {
    /// The archive's format; ``LemmyFeed/restore(from:)`` refuses any other.
    public static let currentFormat = 1

    /// The encoded archive, to store as it is.
    public let data: Data

    /// An archive read back from storage; it is checked when restored.
    public init(data: Data) { self.data = data }
}

/// Why a ``FeedArchive`` could not be restored. Nothing is changed in the feed when it fails.
public enum FeedArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The archive was written in another format (by another version of the app).
    case unsupportedFormat(Int)
    /// The archive is not one at all, or is damaged; the reason says where.
    case corrupt(String)
    /// The archive belongs to another instance than the feed's client.
    case otherInstance(URL)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .unsupportedFormat(let format): "feed archive format \(format) is not supported (expected \(FeedArchive.currentFormat))"
        case .corrupt(let reason): "feed archive is damaged: \(reason)"
        case .otherInstance(let url): "feed archive belongs to another instance (\(url.absoluteString))"
        }
    }
}

/// The stored form. `format` is read first, alone, so a newer format is told apart from damage.
private struct FeedArchiveHeader: Codable {
    var format: Int
}

private struct FeedArchiveBody: Codable {
    var format: Int
    var instance: URL
    var savedAt: Date
    var posts: [ApiPostView]
}

/// The server's answer a feed entry was made from; a class so that entries stay small.
final class FeedEntryArchive: Sendable {
    let postView: ApiPostView
    init(postView: ApiPostView) { self.postView = postView }
}

extension LemmyFeed {
    /// Whether the items were restored from a ``FeedArchive`` and no page has replaced them yet.
    public var isStale: Bool { loader.isStale }
}

extension LemmyFeed where Model == Post2, Query == PostFeedQuery {
    /// The loaded posts (also those the filters hide) from the top of the listing, in feed order,
    /// as an archive to store: as many as the feed's `archiveLimit` (``defaultArchiveLimit``
    /// unless the feed was created with another), and those a restore brought.
    public func archive(savedAt: Date = Date()) -> FeedArchive {
        let views = loader.unfilteredItems.compactMap { $0.archive?.postView }
        let body = FeedArchiveBody(format: FeedArchive.currentFormat, instance: api.baseURL, savedAt: savedAt, posts: views)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        // Encoding values that were decoded from JSON cannot fail; an empty archive is the safe answer if it did.
        return FeedArchive(data: (try? encoder.encode(body)) ?? Data())
    }

    /// Shows the archive's posts at once, marked ``isStale``; the next ``loadMore()`` or
    /// ``refresh(clearingItems:)`` replaces them. Posts the client already holds keep their
    /// live state rather than the archive's older one.
    ///
    /// - Throws: ``FeedArchiveError``, leaving the feed as it was, when the archive is of another
    ///   format, damaged, or of another instance.
    public func restore(from archive: FeedArchive) async throws(FeedArchiveError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let header: FeedArchiveHeader
        do { header = try decoder.decode(FeedArchiveHeader.self, from: archive.data) } catch {
            throw .corrupt("no archive format (\(archive.data.count) bytes)")
        }
        guard header.format == FeedArchive.currentFormat else { throw .unsupportedFormat(header.format) }
        let body: FeedArchiveBody
        do { body = try decoder.decode(FeedArchiveBody.self, from: archive.data) } catch {
            throw .corrupt(String(describing: error))
        }
        guard body.instance.absoluteString == api.baseURL.absoluteString else { throw .otherInstance(body.instance) }
        // Merged as no answer (sequence 0, older than every request): the archive's values fill
        // new models and never overwrite those a request brought (the creators and communities
        // of posts not held, too), and no repeat of an answer's objects is skipped for them.
        let answer = api.mergeSequence
        api.mergeSequence = 0
        let entries = body.posts.map { view in
            FeedEntry<Post2>.post(api.caches.post2[view.post.id] ?? api.post2(view), archive: view)
        }
        api.mergeSequence = answer
        await loader.restore(entries)
    }
}
