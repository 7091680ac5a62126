internal import LemmyAPI

/// The optimistic-mutation engine shared by every model method.
extension ApiClient {
    /// Shows `optimistic` at once, then sends `request` after the model's earlier mutations.
    ///
    /// `request` merges the server's answer into the caches (which makes it the model's confirmed
    /// state). When the model's queue drains, the model shows its confirmed state: the server's
    /// answer on success, the last confirmed values after a failure (rollback). While later
    /// mutations are queued, their optimistic values stay visible. `rollback` restores state kept
    /// outside the model (account sets) after a failure; it runs when the queue drains, with the
    /// rollbacks of earlier failed mutations of the model, oldest first, unless a success or a
    /// re-read came between (its answer brought the server's state).
    ///
    /// A failure that is not a clear refusal (the connection closed after the request went out, a
    /// truncated or undecodable answer, a gateway error) says nothing about whether the server
    /// made the change. Then `reread` fetches the item again (its merge makes the server's state
    /// the confirmed one, account sets included) and `achieved` says whether that state is the
    /// one asked for: if it is, the mutation is confirmed; if not, the model shows what the server
    /// has. Only when the reread fails too does the model fall back to its last confirmed state.
    /// Lemmy's refusal to set a flag to the value it already has (``ApiClientError/mayBeInPlaceAlready``)
    /// is read again the same way: the local state was stale, and the server's is the one to show.
    func mutate<Model: SnapshotBacked>(
        _ model: Model,
        optimistic: (Model) -> Void,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void,
        reread: (@MainActor () async throws(ApiClientError) -> Void)? = nil,
        achieved: @escaping @MainActor (Model) -> Bool = { _ in false },
        rollback: @escaping @MainActor () -> Void = {}
    ) async -> MutationResult {
        await startMutation(
            model, optimistic: optimistic, request: request, reread: reread, achieved: achieved,
            rollback: rollback
        ).value
    }

    /// The synchronous half of ``mutate(_:optimistic:request:reread:achieved:rollback:)``: checks
    /// permissions, shows the optimistic state and enqueues the request; returns the task to await.
    func startMutation<Model: SnapshotBacked>(
        _ model: Model,
        optimistic: (Model) -> Void,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void,
        reread: (@MainActor () async throws(ApiClientError) -> Void)? = nil,
        achieved: @escaping @MainActor (Model) -> Bool = { _ in false },
        rollback: @escaping @MainActor () -> Void = {}
    ) -> Task<MutationResult, Never> {
        if let refused = refusedMutation() { return Task { refused } }
        // Before the optimistic change: from here until the queue drains, what the model shows
        // may differ from what the server confirmed.
        model.holdConfirmed()
        optimistic(model)
        let task = model.mutations.enqueue { [weak model] in
            var result = MutationResult.confirmed
            var reconciled = false
            do throws(ApiClientError) { try await request() } catch {
                result = .failed(error)
                if error.mayHaveReachedServer || error.mayBeInPlaceAlready, let reread {
                    do throws(ApiClientError) {
                        try await reread()
                        reconciled = true
                        if let model, achieved(model) { result = .confirmed }
                    } catch {
                        // Still unknown: fall back to the last state the server confirmed.
                    }
                }
            }
            guard let model else { return result }
            // A failure's rollback waits for the drain, with those of earlier failures that no
            // success followed. A success, or a re-read, has the last word: its answer brought
            // the server's state (account sets included), and a rollback that moves a count by a
            // delta would move it away from that.
            if result.isFailure && !reconciled {
                model.mutations.keepRollback(rollback)
            } else {
                model.mutations.forgetRollbacks()
            }
            model.mutations.finish()
            if !model.mutations.isBusy {
                model.showConfirmed()
                for undo in model.mutations.takeRollbacks() { undo() }
            }
            return result
        }
        return task
    }
}

extension ApiClientError {
    /// Whether the refusal is Lemmy's answer to a change the item already has: deleting a deleted
    /// post or comment, or restoring one that is not deleted (0.18 and 0.19 `couldnt_update_post`
    /// and `couldnt_update_comment`, 1.0 `couldnt_update`). The same codes also cover a failed
    /// write, so the item is read again rather than the change assumed.
    var mayBeInPlaceAlready: Bool {
        guard kind == .lemmy, let code = lemmyCode?.code else { return false }
        return code == "couldnt_update_post" || code == "couldnt_update_comment" || code == "couldnt_update"
    }

    /// Whether the request may have been applied although it failed: the failure is not the
    /// server's refusal but a lost or unreadable answer.
    var mayHaveReachedServer: Bool {
        switch kind {
        case .transport, .decoding: return true
        case .httpStatus: return (httpStatus ?? 0) >= 500
        default: return false
        }
    }
}
