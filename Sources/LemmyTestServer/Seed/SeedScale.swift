/// How much data the seed generator creates.
public enum SeedScale: String, Sendable, CaseIterable {
    /// 3 communities, 8 users, 30 posts, 200 comments: unit tests.
    case tiny
    /// 5 communities, 50 users, 500 posts, 5,000 comments: integration tests and demos.
    case small
    /// 20 communities, 1,000 users, 12,000 posts, 24,000 comments: scrolling benchmarks
    /// (10,000 posts in one feed) without seeding a million comments first.
    case medium
    /// 50 communities, 5,000 users, 100,000 posts, 1,000,000 comments: benchmarks.
    case large

    var communities: Int {
        switch self {
        case .tiny: 3
        case .small: 5
        case .medium: 20
        case .large: 50
        }
    }
    var persons: Int {
        switch self {
        case .tiny: 8
        case .small: 50
        case .medium: 1_000
        case .large: 5_000
        }
    }
    var posts: Int {
        switch self {
        case .tiny: 30
        case .small: 500
        case .medium: 12_000
        case .large: 100_000
        }
    }
    var comments: Int {
        switch self {
        case .tiny: 200
        case .small: 5_000
        case .medium: 24_000
        case .large: 1_000_000
        }
    }
    /// How far back seeded content reaches.
    var spanSeconds: Double {
        switch self {
        case .tiny, .small: 14 * 86_400
        case .medium, .large: 365 * 86_400
        }
    }
}
