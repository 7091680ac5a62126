/// The optimistic-mutation engine shared by every model method.
extension ApiClient {
    /// Shows `optimistic` at once, then sends `request` after the model's earlier mutations.
    ///
    /// `request` merges the server's answer into the caches (which makes it the model's confirmed
    /// state). When the model's queue drains, the model shows its confirmed state: the server's
    /// answer on success, the last confirmed values after a failure (rollback). While later
    /// mutations are queued, their optimistic values stay visible. `rollback` restores state kept
    /// outside the model (account sets) after a failure.
    func mutate<Model: SnapshotBacked>(
        _ model: Model,
        optimistic: (Model) -> Void,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void,
        rollback: @escaping @MainActor () -> Void = {}
    ) async -> MutationResult {
        await startMutation(model, optimistic: optimistic, request: request, rollback: rollback).value
    }

    /// The synchronous half of ``mutate(_:optimistic:request:rollback:)``: checks permissions,
    /// shows the optimistic state and enqueues the request; returns the task to await.
    func startMutation<Model: SnapshotBacked>(
        _ model: Model,
        optimistic: (Model) -> Void,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void,
        rollback: @escaping @MainActor () -> Void = {}
    ) -> Task<MutationResult, Never> {
        do {
            try checkPermission(mutation: true)
            try requireAccount()
        } catch {
            return Task { .failed(error) }
        }
        optimistic(model)
        let task = model.mutations.enqueue { [weak model] in
            var result = MutationResult.confirmed
            do throws(ApiClientError) { try await request() } catch { result = .failed(error) }
            guard let model else { return result }
            model.mutations.finish()
            if !model.mutations.isBusy {
                model.apply(model.confirmed)
                if result.isFailure { rollback() }
            }
            return result
        }
        return task
    }
}
