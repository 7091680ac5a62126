/// Plausible, deterministic text for seeded content.
enum TextGenerator {
    static let topics = [
        "Swift", "Rust", "gardening", "coffee", "bicycles", "Linux", "photography", "bread",
        "chess", "birds", "astronomy", "jazz", "hiking", "keyboards", "tea", "retro games",
        "sourdough", "3D printing", "Lemmy", "the fediverse", "houseplants", "synths",
    ]
    static let openers = [
        "What do you think about", "Just finished a project on", "Beginner question about",
        "Hot take on", "My weekend with", "A short guide to", "Unpopular opinion about",
        "Five things I learned about", "Show and tell:", "Looking for advice on",
        "Weekly thread:", "TIL something about", "Help needed with",
    ]
    static let sentences = [
        "I have been thinking about this for a while.", "Has anyone else noticed this?",
        "This is exactly what I needed today.", "Thanks for sharing, really useful.",
        "I disagree, but I see where you are coming from.", "Source?",
        "That is a great point.", "Came here to say this.", "It depends on the use case.",
        "I tried that last year and it worked well.", "Could you explain a bit more?",
        "Bookmarking this for later.", "The documentation covers this pretty well.",
        "Honestly, the older version was better.", "This made my day.",
        "Counterpoint: the maintenance cost is real.", "Strong agree.",
        "Here is a link that explains it better than I can.", "Underrated comment.",
        "I would love to see a follow-up post.",
    ]
    static let firstNames = [
        "sam", "robin", "kai", "noor", "lee", "mika", "jo", "ari", "tess", "omar", "lina",
        "ivan", "yuki", "zoe", "finn", "maya", "leo", "ada", "nils", "rosa",
    ]
    static let communityNames: [(String, String)] = [
        ("technology", "Technology"), ("gardening", "Gardening"), ("music", "Music"), ("asklemmy", "Ask Lemmy"),
        ("photography", "Photography"), ("cooking", "Cooking"), ("games", "Games"), ("science", "Science"),
        ("books", "Books"), ("cycling", "Cycling"), ("linux", "Linux"), ("swift", "Swift"),
    ]

    /// A post title.
    static func title(_ rng: inout SplitMix64) -> String {
        "\(rng.pick(openers)) \(rng.pick(topics))"
    }

    /// A paragraph of `count` sentences.
    static func paragraph(_ rng: inout SplitMix64, sentences count: Int) -> String {
        (0..<count).map { _ in rng.pick(sentences) }.joined(separator: " ")
    }

    /// The generated text of comment `id` (a pure function of seed and id).
    static func comment(seed: UInt64, id: Int) -> String {
        var rng = SplitMix64(seed: seed ^ (UInt64(id) &* 0xD6E8_FEB8_6659_FD93))
        return paragraph(&rng, sentences: 1 + rng.below(3))
    }
}
