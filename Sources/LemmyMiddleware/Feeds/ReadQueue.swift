public import Observation

/// Collects the posts a person scrolls past and marks them read in batches, as apps do with
/// "mark read on scroll": one request per batch instead of one per post.
///
/// Call ``seen(_:)`` when a post leaves the screen; when ``batchSize`` posts are waiting, they are
/// marked read together (``ApiClient/markRead(_:read:)``: every model changes at once, one request
/// goes out, all roll back on failure). Call ``flush()`` when the screen goes away or the app
/// moves to the background. Posts of a failed batch stay queued for the next flush.
@MainActor @Observable
public final class ReadQueue {
    /// The account the posts are marked read for.
    public let api: ApiClient
    /// How many waiting posts trigger a flush.
    public let batchSize: Int
    /// The posts waiting to be marked read, in the order they were seen.
    public private(set) var pending: [Post2] = []
    /// The outcome of the last flush, if any.
    public private(set) var lastResult: MutationResult?

    @ObservationIgnored private var flushing = false

    /// Creates a queue that flushes every `batchSize` posts (at least 1).
    public init(api: ApiClient, batchSize: Int = 20) {
        self.api = api
        self.batchSize = max(1, batchSize)
    }

    /// Notes that `post` was seen. Posts already read, or already waiting, are ignored. Returns
    /// the flush's result when this post filled a batch, else nil.
    @discardableResult
    public func seen(_ post: some Post2Providing) async -> MutationResult? {
        let post = post.post2
        guard !post.read, !pending.contains(where: { $0 === post }) else { return nil }
        pending.append(post)
        guard pending.count >= batchSize, !flushing else { return nil }
        return await flush()
    }

    /// Marks every waiting post read now. A failure puts the batch back in front of the queue.
    @discardableResult
    public func flush() async -> MutationResult {
        guard !flushing, !pending.isEmpty else { return .unchanged }
        flushing = true
        defer { flushing = false }
        let batch = pending
        pending.removeAll()
        let result = await api.markRead(batch)
        if result.isFailure {
            // Keep what is still unread (another screen may have marked some meanwhile).
            let retry = batch.filter { !$0.read }
            pending = retry + pending.filter { post in !retry.contains { $0 === post } }
        }
        lastResult = result
        return result
    }
}
