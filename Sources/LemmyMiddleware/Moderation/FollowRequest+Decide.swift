internal import LemmyAPI

extension FollowRequest {
    /// Accepts the request: the follower then sees the community's posts and comments. The
    /// change shows at once; if the server refuses (the account does not moderate the
    /// community: `not_a_mod_or_admin`) it is rolled back and the result says why. Returns
    /// ``MutationResult/unchanged`` unless the request is waiting, or while a decision is in
    /// flight.
    ///
    /// Lemmy decides a request once: another moderator's decision, or this one's when its answer
    /// was lost, makes a second one fail with `couldnt_update`. After such a failure, or a lost
    /// answer, the request is looked up again and shows the state the server holds; the result
    /// is ``MutationResult/confirmed`` only if that is the state asked for.
    @discardableResult public func approve() async -> MutationResult {
        await decide(.accepted)
    }

    /// Turns the request down; the person may ask again, which makes a new waiting request.
    /// Optimistic, and looked up again after a refusal or a lost answer, like ``approve()``.
    @discardableResult public func deny() async -> MutationResult {
        await decide(.denied)
    }

    private func decide(_ target: FollowRequestState) async -> MutationResult {
        guard state == .waiting, !decisionInFlight else { return .unchanged }
        state = target
        decisionInFlight = true
        defer { decisionInFlight = false }
        do throws(ApiClientError) {
            let form = ApiApproveCommunityPendingFollower(
                communityId: id.communityId, followerId: id.followerId, approve: target == .accepted)
            if try await api.send(LemmyV4.ApproveCommunityPendingFollow(form), mutation: true).success { return .confirmed }
            return await settle(target, after: .unsupported("the server did not confirm the decision"))
        } catch {
            guard error.mayHaveReachedServer || error.mayBeInPlaceAlready else {
                state = .waiting
                return .failed(error)
            }
            return await settle(target, after: error)
        }
    }

    /// After a decision whose outcome is unknown: shows the state a re-read of the request finds
    /// (waiting again if none does), confirmed only if it is `target`.
    private func settle(_ target: FollowRequestState, after error: ApiClientError) async -> MutationResult {
        let held = try? await api.followRequestState(of: id, acrossCommunities: listedAcrossCommunities)
        state = held ?? .waiting
        return state == target ? .confirmed : .failed(error)
    }
}
