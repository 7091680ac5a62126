internal import LemmyAPI

/// Subscribing and blocking communities; ``ApiClient/account`` is kept in step.
extension Community2Providing {
    /// Subscribes or unsubscribes.
    @discardableResult public func toggleSubscribe() async -> MutationResult {
        let community = community2
        let follow = !community.subscription.isSubscribed
        return await api.mutate(
            community,
            optimistic: { model in
                // A remote community confirms a follow later: until then Lemmy reports it pending.
                model.subscription = follow ? (model.isLocal ? .subscribed : .pending) : .unsubscribed
                model.subscriberCount = model.subscriberCount.countAdding(follow ? 1 : -1)
                if let account = model.api.account { Account.set(&account.subscribedCommunityIds, model.id, member: follow) }
            }
        ) { () async throws(ApiClientError) in
            let form = ApiFollowCommunity(communityId: community.id, follow: follow)
            let view = try await community.api.send(LemmyAnyGeneration.FollowCommunity(form), mutation: true).communityView
            try community.api.mergeAnswer(view, about: community.id)
            // A favourite is a subscription singled out: leaving the community drops it.
            if !follow, let account = community.api.account { Account.set(&account.favoriteCommunityIds, community.id, member: false) }
        } reread: { () async throws(ApiClientError) in
            _ = try await community.api.getCommunity(id: community.id)
        } achieved: {
            $0.confirmed.subscription.isSubscribed == follow
        } rollback: {
            if let account = community.api.account {
                Account.set(&account.subscribedCommunityIds, community.id, member: community.confirmed.subscription.isSubscribed)
            }
        }
    }
}

extension Community1Providing {
    /// Blocks or unblocks the community for the account.
    @discardableResult public func toggleBlock() async -> MutationResult {
        let community = community1
        return await api.toggleBlock(community, list: \.blockedCommunityIds) { block async throws(ApiClientError) in
            let form = ApiBlockCommunity(communityId: community.id, block: block)
            // Explicit per generation: different responses (0.18/0.19 BlockCommunityResponse, 1.0 CommunityResponse).
            let view =
                try await community.api.generation() == .v4
                ? try await community.api.send(LemmyV4.BlockCommunity(form), mutation: true).communityView
                : try await community.api.send(LemmyV3.BlockCommunity(form), mutation: true).communityView
            try community.api.mergeAnswer(view, about: community.id)
        }
    }
}
