internal import LemmyAPI

/// Blocking instances; ``Account/blockedInstanceIds`` is kept in step.
extension ApiClient {
    /// Blocks or unblocks the communities of an instance for the account.
    ///
    /// Optimistic like every mutation: ``Account/blockedInstanceIds`` changes at once and rolls
    /// back to the server's last answer if the request fails. Instance blocks are sent one after
    /// another, in the order they were made. Lemmy 0.18 has no instance blocks: there this fails
    /// with ``ApiClientError/unsupported(_:)`` and changes nothing. On 1.0 it blocks the instance's
    /// communities (1.0 blocks an instance's people separately).
    ///
    /// - Parameters:
    ///   - instanceId: the instance, e.g. a community's ``Community1Providing/instanceId``; the
    ///     client's own instance cannot be blocked.
    ///   - block: true to block, false to unblock.
    @discardableResult
    public func blockInstance(_ instanceId: Int, _ block: Bool = true) async -> MutationResult {
        if let refused = refusedMutation() { return refused }
        guard let account else { return .failed(.notLoggedIn) }
        if !instanceBlocks.isBusy, account.blockedInstanceIds.contains(instanceId) == block { return .unchanged }
        Account.set(&account.blockedInstanceIds, instanceId, member: block)
        let task = instanceBlocks.enqueue { [weak self] () async -> MutationResult in
            guard let self else { return .failed(.cancelled) }
            var result = MutationResult.confirmed
            do throws(ApiClientError) {
                try await sendInstanceBlock(instanceId, block)
                Account.set(&confirmedBlockedInstanceIds, instanceId, member: block)
            } catch {
                result = .failed(error)
            }
            instanceBlocks.finish()
            if !instanceBlocks.isBusy, account.blockedInstanceIds != confirmedBlockedInstanceIds {
                account.blockedInstanceIds = confirmedBlockedInstanceIds
            }
            return result
        }
        return await task.value
    }

    private func sendInstanceBlock(_ instanceId: Int, _ block: Bool) async throws(ApiClientError) {
        let version = try await version()
        if version.usesAuthField { throw .unsupported("instance blocks need Lemmy 0.19 or later") }
        if version.generation == .v4 {
            let form = ApiUserBlockInstanceCommunitiesParams(instanceId: instanceId, block: block)
            _ = try await send(LemmyV4.UserBlockInstanceCommunities(form), mutation: true)
        } else {
            _ = try await send(LemmyV3.BlockInstance(ApiBlockInstance(instanceId: instanceId, block: block)), mutation: true)
        }
    }
}

extension Community1Providing {
    /// Whether the account blocks the community's instance.
    public var isInstanceBlocked: Bool { api.account?.blockedInstanceIds.contains(instanceId) ?? false }
}
