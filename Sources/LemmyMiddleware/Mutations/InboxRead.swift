/// A snapshot with a read flag (replies, mentions, messages).
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
extension Reply1: ReadFlagModel {}
extension Mention1: ReadFlagModel {}
extension Message1: ReadFlagModel {}

extension ApiClient {
    /// Marks an inbox item read or unread, optimistically, with the account's unread count at
    /// `counter` kept in step; `request` tells the server.
    func markInboxItem<Model: ReadFlagModel>(
        _ model: Model, read: Bool, counter: WritableKeyPath<UnreadCounts, Int>,
        request: @escaping @MainActor () async throws(ApiClientError) -> Void
    ) async -> MutationResult {
        guard model.read != read else { return .unchanged }
        return await mutate(model, optimistic: { model in
            model.read = read
            self.account?.unread[keyPath: counter] += read ? -1 : 1
        }) { () async throws(ApiClientError) in
            try await request()
            model.confirmed.read = read
        } rollback: {
            self.account?.unread[keyPath: counter] += read ? 1 : -1
        }
    }
}
