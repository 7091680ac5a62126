public import LemmyTestServer

/// Seeded worlds with a property a test needs, so that suites agree on them. The test server's
/// suite checks each property (`ListingScopeTests`), so a change to the seed generator that
/// breaks one fails there, not as a puzzling miss elsewhere.
public enum SeedWorlds {
    /// A small world (``SeedScale/small``) whose community 4 lives on another instance, is not
    /// NSFW and has posts with comments: what a listing that defaults to `Local` leaves out.
    public static let remoteCommunity: (scale: SeedScale, seed: UInt64, communityId: Int) = (.small, 6, 4)
}
