/// A snapshot with a read flag (replies, mentions, messages, notices).
protocol ReadFlagSnapshot {
    var read: Bool { get set }
}

/// An inbox model whose read flag changes through ``ApiClient/markInboxItem(_:read:counter:request:)``.
@MainActor protocol ReadFlagModel: SnapshotBacked where Snapshot: ReadFlagSnapshot {
    var read: Bool { get set }
}

extension Reply1Snapshot: ReadFlagSnapshot {}
extension Mention1Snapshot: ReadFlagSnapshot {}
extension Message1Snapshot: ReadFlagSnapshot {}
extension Notice1Snapshot: ReadFlagSnapshot {}
extension Reply1: ReadFlagModel {}
extension Notice1: ReadFlagModel {}
extension Mention1: ReadFlagModel {}
extension Message1: ReadFlagModel {}

extension ApiClient {
    /// Marks an inbox item read or unread, optimistically, with the account's unread count at
    /// `counter` kept in step; `request` tells the server; `reread` fetches the item's list again
    /// when the answer is lost (the unread counts are reloaded with it).
    func markInboxItem<Model: ReadFlagModel>(
        _ model: Model, read: Bool, counter: WritableKeyPath<UnreadCounts, Int>,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void,
        reread: @escaping @MainActor () async throws(ApiClientError) -> Void
    ) async -> MutationResult {
        guard model.read != read else { return .unchanged }
        return await mutate(
            model,
            optimistic: { model in
                model.read = read
                if let account = self.account {
                    account.unread[keyPath: counter] = account.unread[keyPath: counter].countAdding(read ? -1 : 1)
                }
            }
        ) { () async throws(ApiClientError) in
            try await request()
            // Read before any suspension: the sequence of the request just answered.
            model.confirm(sequence: self.mergeSequence) { $0.read = read }
        } reread: { () async throws(ApiClientError) in
            try await reread()
            try await self.refreshUnreadCounts()
        } achieved: {
            $0.confirmed.read == read
        } rollback: {
            if let account = self.account { account.unread[keyPath: counter] = account.unread[keyPath: counter].countAdding(read ? 1 : -1) }
        }
    }
}
