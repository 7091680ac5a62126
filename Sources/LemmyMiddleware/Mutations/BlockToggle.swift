/// A snapshot with the account's block flag (people, communities).
protocol BlockFlagSnapshot {
    var blocked: Bool { get set }
}

/// A model that can be blocked through ``ApiClient/toggleBlock(_:list:request:)``.
@MainActor protocol BlockFlagModel: SnapshotBacked where Snapshot: BlockFlagSnapshot {
    var id: Int { get }
    var blocked: Bool { get set }
}

extension Person1Snapshot: BlockFlagSnapshot {}
extension Community1Snapshot: BlockFlagSnapshot {}
extension Person1: BlockFlagModel {}
extension Community1: BlockFlagModel {}

extension ApiClient {
    /// Blocks `model` if it is not blocked and unblocks it if it is, optimistically, with the
    /// account's block `list` kept in step; `request(block)` tells the server and merges its answer.
    func toggleBlock<Model: BlockFlagModel>(
        _ model: Model, list: ReferenceWritableKeyPath<Account, Set<Int>>,
        request: @escaping @MainActor (Bool) async throws(ApiClientError) -> Void
    ) async -> MutationResult {
        let block = !model.blocked
        return await mutate(
            model,
            optimistic: { model in
                model.blocked = block
                if let account = self.account { Account.set(&account[keyPath: list], model.id, member: block) }
            }
        ) { () async throws(ApiClientError) in
            try await request(block)
            model.confirm(sequence: self.mergeSequence) { $0.blocked = block }
        } reread: { () async throws(ApiClientError) in
            // The account's block lists are the server's word on blocks (a person view may not say).
            try await self.loadAccount()
        } achieved: {
            $0.confirmed.blocked == block
        } rollback: {
            if let account = self.account { Account.set(&account[keyPath: list], model.id, member: model.confirmed.blocked) }
        }
    }
}
