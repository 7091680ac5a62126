/// A post-sized item: enough fields that copying it costs what a real row costs.
public struct BenchmarkItem: Identifiable, Sendable {
    public let id: Int
    public let apID: String
    public let title: String
    public let body: String
    public let creator: Int
    public let published: Int
    public let isRead: Bool

    public static func corpus(count: Int) -> [BenchmarkItem] {
        (0..<count).map { index in
            BenchmarkItem(
                id: index,
                apID: "https://lemmy.example/post/\(index)",
                title: "Post number \(index) about swift concurrency",
                body: String(repeating: "Body text of a post. ", count: 8),
                creator: index % 97,
                published: 1_000_000 - index,
                isRead: index % 10 == 0
            )
        }
    }
}
