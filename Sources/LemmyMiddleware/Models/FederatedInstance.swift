public import Foundation

/// Another instance the client's instance knows from federation.
public struct FederatedInstance: Sendable, Hashable, Identifiable {
    /// The instance's id on the client's instance (compare with ``Community1Providing/instanceId``).
    public var id: Int
    /// Its domain, e.g. `lemmy.ml`. Untrusted text.
    public var domain: String
    /// The software it runs, e.g. `lemmy`, when known. Untrusted text.
    public var software: String?
    /// The software's version, when known. Untrusted text.
    public var version: String?
    /// When the client's instance first saw it.
    public var published: Date?
    /// When its details were last refreshed.
    public var updated: Date?
    /// When the admins' block of it ends, for a blocked instance (Lemmy 1.0); nil for a block
    /// for good, or no block.
    public var blockExpires: Date?

    /// Creates an instance value.
    public init(
        id: Int, domain: String, software: String? = nil, version: String? = nil, published: Date? = nil, updated: Date? = nil,
        blockExpires: Date? = nil
    ) {
        self.id = id
        self.domain = domain
        self.software = software
        self.version = version
        self.published = published
        self.updated = updated
        self.blockExpires = blockExpires
    }
}

/// The instances the client's instance federates with, as its admins set them up.
public struct FederatedInstances: Sendable, Hashable {
    /// Every instance it federates with: all known ones that are not blocked.
    public var linked: [FederatedInstance]
    /// The instances on its allow list (also in ``linked``); empty when it has no allow list.
    public var allowed: [FederatedInstance]
    /// The instances it refuses to federate with.
    public var blocked: [FederatedInstance]
    /// False when a list was cut short (Lemmy 1.0 pages them; see
    /// ``ApiClient/federatedInstances(maxPages:)``), or when federation is off (0.18 and 0.19
    /// then send no lists).
    public var isComplete: Bool

    /// Creates the lists.
    public init(linked: [FederatedInstance], allowed: [FederatedInstance], blocked: [FederatedInstance], isComplete: Bool = true) {
        self.linked = linked
        self.allowed = allowed
        self.blocked = blocked
        self.isComplete = isComplete
    }
}
