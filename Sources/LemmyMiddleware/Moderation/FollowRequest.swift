public import Observation

/// Where a request to follow a private community stands (Lemmy 1.0).
public enum FollowRequestState: String, Sendable, Hashable, CaseIterable {
    /// A moderator has yet to decide; the person cannot see the community's content.
    case waiting
    /// A moderator accepted it, or the follow never needed approval; the person sees the community.
    case accepted
    /// A moderator turned it down. The person may ask again, which makes the request wait anew.
    case denied
    /// A state this client cannot decide on: a follow of a remote community still confirming
    /// with its instance, or a state a newer or foreign server named.
    case other
}

/// Identifies a follow request: the community and the person asking to follow it.
public struct FollowRequestId: Hashable, Sendable, CustomStringConvertible {
    /// The private community's id.
    public let communityId: Int
    /// The id of the person asking.
    public let followerId: Int

    /// Makes an id.
    public init(communityId: Int, followerId: Int) {
        self.communityId = communityId
        self.followerId = followerId
    }

    /// `3/17`: the community's id, then the follower's.
    public var description: String { "\(communityId)/\(followerId)" }
}

/// A person's request to follow a private community, as its moderators see it (Lemmy 1.0).
///
/// Read with ``ApiClient/followRequests(waitingOnly:allCommunities:limit:cursor:)``. Each read
/// makes new request objects; the follower and the community are the client's identity-cached
/// models. ``approve()`` and ``deny()`` change ``state`` at once and roll it back if the server
/// refuses.
@MainActor @Observable
public final class FollowRequest: Identifiable {
    /// The community and the follower.
    public let id: FollowRequestId
    /// Who asks to follow.
    public let follower: Person1
    /// The private community.
    public let community: Community1
    /// Whether no one from the follower's instance follows the community yet: accepting sends
    /// the community's content to an instance that had none of it, whose admins could pass it on.
    /// Lemmy asks apps to warn before accepting such a request.
    public let isNewInstance: Bool
    /// Whether it waits, was accepted or was denied.
    public internal(set) var state: FollowRequestState

    @ObservationIgnored let api: ApiClient
    /// Whether the list it came from spanned every community (an admin's `all_communities`), so
    /// that a re-read after a lost answer looks where the request was found.
    @ObservationIgnored let listedAcrossCommunities: Bool
    @ObservationIgnored var decisionInFlight = false

    init(
        api: ApiClient, follower: Person1, community: Community1, isNewInstance: Bool, state: FollowRequestState,
        listedAcrossCommunities: Bool
    ) {
        self.api = api
        self.id = FollowRequestId(communityId: community.id, followerId: follower.id)
        self.follower = follower
        self.community = community
        self.isNewInstance = isNewInstance
        self.state = state
        self.listedAcrossCommunities = listedAcrossCommunities
    }
}
