internal import LemmyAPI

extension ApiClient {
    /// Marks many posts read (or unread) at once: every model changes immediately, one request
    /// goes out (0.19: `post_ids`; 1.0: MarkManyPostsAsRead; 0.18, which has no batch form: one
    /// request per post), and all roll back if it fails.
    ///
    /// The batch takes its turn in every post's mutation queue like any other mutation: the
    /// request goes out once each post's earlier mutations have finished, and later mutations
    /// of those posts wait for it. A lost answer is reconciled by reading the posts again.
    @discardableResult
    public func markRead(_ posts: [any Post2Providing], read: Bool = true) async -> MutationResult {
        // One entry per model: a post listed twice would wait for itself in its own queue.
        var seen = Set<ObjectIdentifier>()
        let targets = posts.map(\.post2).filter { $0.read != read && seen.insert(ObjectIdentifier($0)).inserted }
        guard !targets.isEmpty else { return .unchanged }
        if let refused = refusedMutation() { return refused }
        let ids = targets.map(\.id)
        let barrier = BatchBarrier(parties: targets.count) { [self] () async -> BatchOutcome in
            do throws(ApiClientError) {
                try await sendMarkRead(ids, read: read)
                return BatchOutcome(error: nil, sequence: mergeSequence)
            } catch {
                guard error.mayHaveReachedServer else { return BatchOutcome(error: error, sequence: 0) }
                // The answer was lost: the posts' state on the server decides, one read each.
                for id in ids { _ = try? await getPost(id: id) }
                return BatchOutcome(error: error, sequence: 0)
            }
        }
        let tasks = targets.map { post in
            startMutation(post, optimistic: { $0.read = read }) { () async throws(ApiClientError) in
                let outcome = await barrier.arrive()
                if let error = outcome.error {
                    if error.mayHaveReachedServer, post.confirmed.read == read { return }
                    throw error
                }
                post.confirm(sequence: outcome.sequence) { $0.read = read }
            }
        }
        return await BatchBarrier.outcome(of: tasks)
    }

    private func sendMarkRead(_ ids: [Int], read: Bool) async throws(ApiClientError) {
        let version = try await self.version()
        if version.generation == .v4 {
            _ = try await send(LemmyV4.MarkManyPostsAsRead(ApiMarkManyPostsAsRead(postIds: ids, read: read)), mutation: true)
        } else if version.usesAuthField {
            for id in ids {
                _ = try await send(MarkPostAsRead018(ApiMarkPostAsRead(postId: id, read: read)), mutation: true)
            }
        } else {
            _ = try await send(LemmyV3.MarkPostAsRead(ApiMarkPostAsRead(read: read, postIds: ids)), mutation: true)
        }
    }
}

/// What the one batch request ended in: its error, or the sequence number its success belongs to.
struct BatchOutcome: Sendable {
    var error: ApiClientError?
    var sequence: UInt64
}

/// Starts one request once every party (one per post queue) has reached its turn, and hands
/// every party its outcome.
@MainActor final class BatchBarrier {
    private var remaining: Int
    private var waiting: [CheckedContinuation<BatchOutcome, Never>] = []
    private let work: @MainActor () async -> BatchOutcome

    init(parties: Int, work: @escaping @MainActor () async -> BatchOutcome) {
        remaining = parties
        self.work = work
    }

    /// What a batch of per-model mutations ended in: the first failure among `tasks`, else
    /// confirmed.
    static func outcome(of tasks: [Task<MutationResult, Never>]) async -> MutationResult {
        var outcome = MutationResult.confirmed
        for task in tasks {
            let result = await task.value
            if result.isFailure, !outcome.isFailure { outcome = result }
        }
        return outcome
    }

    /// Waits for the other parties, then for the request, and returns its outcome.
    func arrive() async -> BatchOutcome {
        remaining -= 1
        if remaining > 0 {
            return await withCheckedContinuation { waiting.append($0) }
        }
        let outcome = await work()
        for party in waiting { party.resume(returning: outcome) }
        waiting = []
        return outcome
    }
}
