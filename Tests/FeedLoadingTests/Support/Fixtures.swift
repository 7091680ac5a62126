import FeedLoading
import Locking

/// A post-like item with the fields the generic filters are exercised on.
struct Post: Identifiable, Sendable, Hashable {
    var id: Int
    var title: String = ""
    var apID: String = ""
    var creator: Int = 0
    var date: Int = 0
    var isRead: Bool = false
}

func posts(_ ids: ClosedRange<Int>) -> [Post] {
    ids.map { Post(id: $0, title: "post \($0)", apID: "https://x/post/\($0)") }
}

struct ServerError: Error, Equatable {
    var code = 500
}

/// A list that several tasks append to; the lock makes that safe.
final class Log<Entry: Sendable>: Sendable {
    private let entries = Locked<[Entry]>([])
    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
}

/// An in-memory page fetcher over `all`, logging the pages it fetches.
final class CountingSource<Item: Sendable>: Sendable {
    let fetcher: PageFetcher<Item, Void>
    private let log = Log<Int>()

    init(_ all: [Item], pageSize: Int) {
        let log = self.log
        fetcher = PageFetcher(pageSize: pageSize) { page in
            log.append(page)
            let start = min((page - 1) * pageSize, all.count)
            return Array(all[start..<min(start + pageSize, all.count)])
        }
    }

    /// The pages fetched so far, in order.
    var fetchedPages: [Int] { log.all }
}

extension LoadResult {
    var isSuccess: Bool { if case .success = self { true } else { false } }
    var isDone: Bool { if case .done = self { true } else { false } }
    var isIgnored: Bool { if case .ignored = self { true } else { false } }
    var isCancelled: Bool { if case .cancelled = self { true } else { false } }
    var failure: (any Error)? { if case .failure(let error) = self { error } else { nil } }
}
