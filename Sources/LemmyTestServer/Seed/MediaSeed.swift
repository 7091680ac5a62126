/// Makes the seeded instance look like a real one: avatars and banners, thumbnails and embeds,
/// images with alt text and videos, people and communities from other instances, long markdown
/// bodies and text in other scripts.
///
/// It runs after ``SeedGenerator`` with a random stream of its own, so the rows, ids, votes and
/// order that tests rely on stay exactly as the main stream makes them. The known accounts
/// (ids 1–4) and the first three communities stay local, since tests log in as them.
struct MediaSeed {
    var seed: UInt64

    func decorate(_ db: inout Database) {
        var rng = SplitMix64(seed: seed ^ 0x6D65_6469_615F_7365)
        let pictrs = "https://\(db.host)/pictrs/image"
        for index in db.persons.indices {
            let id = db.persons[index].id
            if rng.chance(0.7) { db.persons[index].avatar = "\(pictrs)/\(Self.token(&rng)).webp" }
            if rng.chance(0.35) { db.persons[index].banner = "\(pictrs)/\(Self.token(&rng)).jpeg" }
            if id > 4, rng.chance(0.25) { db.persons[index].instanceId = 2 + rng.below(2) }
            if id > 4, rng.chance(0.1) { db.persons[index].displayName = rng.pick(Self.internationalNames) }
        }
        for index in db.communities.indices {
            if rng.chance(0.8) { db.communities[index].icon = "\(pictrs)/\(Self.token(&rng)).png" }
            if rng.chance(0.5) { db.communities[index].banner = "\(pictrs)/\(Self.token(&rng)).jpeg" }
            if index >= 3, rng.chance(0.3) { db.communities[index].instanceId = 2 + rng.below(2) }
        }
        db.seedCommunityTags()
        for index in db.posts.indices {
            let id = db.posts[index].id
            if rng.chance(0.08) { db.posts[index].name = rng.pick(Self.internationalTitles) + " #\(id)" }
            if db.posts[index].body != nil, rng.chance(0.05) { db.posts[index].body = Self.longMarkdown(&rng, id: id) }
            // Tags come from the id, not the stream, so every other seeded value stays as it was.
            if id % 4 == 0 {
                let community = db.posts[index].communityId
                db.posts[index].tags = (id % 8 == 0 ? [0, 2] : [id % 3]).map { SeedTags.id(community: community, index: $0) }
            }
            guard let url = db.posts[index].url else { continue }
            let roll = rng.unit()
            if roll < 0.25 {
                // An image post: the URL is the picture; Lemmy keeps its type and the poster's alt text.
                let image = "\(pictrs)/\(Self.token(&rng)).jpeg"
                db.posts[index].url = image
                db.posts[index].media = PostMedia(
                    thumbnailURL: image, contentType: "image/jpeg",
                    altText: rng.chance(0.6) ? "A photo for post \(id)" : nil)
            } else if roll < 0.32 {
                db.posts[index].url = "https://video.example/watch/\(id)"
                db.posts[index].media = PostMedia(
                    thumbnailURL: "\(pictrs)/\(Self.token(&rng)).webp", embedTitle: "Video \(id)",
                    embedDescription: "A short clip about post \(id).",
                    embedVideoURL: "https://video.example/embed/\(id)", contentType: "text/html")
            } else if roll < 0.8 {
                db.posts[index].media = PostMedia(
                    thumbnailURL: rng.chance(0.7) ? "\(pictrs)/\(Self.token(&rng)).webp" : nil,
                    embedTitle: "Article \(id) at \(url.split(separator: "/").dropFirst().first ?? "")",
                    embedDescription: rng.chance(0.8) ? "The first lines of the linked page \(id)." : nil,
                    contentType: "text/html")
            } else {
                // A page without preview metadata: Lemmy still records its content type.
                db.posts[index].media = PostMedia(contentType: "text/html")
            }
        }
    }

    /// A pict-rs style file name.
    static func token(_ rng: inout SplitMix64) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[rng.below(16)] })
    }

    static let internationalNames = ["Zoë", "Jürgen", "Łukasz", "Søren", "Ana María", "Ахмед", "李雷", "さくら", "محمد", "דנה", "Ngọc Anh"]

    static let internationalTitles = [
        "Café crème: wie macht ihr ihn?", "Zażółć gęślą jaźń – test", "Как выбрать велосипед?", "東京のおすすめパン屋",
        "Ψάχνω βιβλία για Linux", "¿Qué opinan de Swift 6?", "كيف أبدأ بالبستنة؟", "מה דעתכם על קפה קר?",
        "Đi xe đạp ở Hà Nội 🚲", "Rust 🦀 vs Swift 🐦", "नमस्ते: first post", "Fika ☕ thread",
    ]

    /// A body like a long real one: headings, lists, code, quotes, links, a table (2–4 KB).
    static func longMarkdown(_ rng: inout SplitMix64, id: Int) -> String {
        var parts = ["# Notes on post \(id)", "", TextGenerator.paragraph(&rng, sentences: 4), "", "## Details", ""]
        for item in 1...(3 + rng.below(4)) { parts.append("- Point \(item): \(TextGenerator.paragraph(&rng, sentences: 1))") }
        parts += [
            "", "> " + TextGenerator.paragraph(&rng, sentences: 2), "", "```swift", "let answer = \(id) * 2", "print(answer)", "```", "",
        ]
        parts += ["| what | value |", "|---|---|", "| id | \(id) |", "| link | [example](https://example.com/\(id)) |", ""]
        for _ in 0..<(10 + rng.below(8)) { parts += [TextGenerator.paragraph(&rng, sentences: 5), ""] }
        return parts.joined(separator: "\n")
    }
}
