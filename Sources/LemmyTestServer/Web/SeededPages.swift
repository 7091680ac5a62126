/// The pages of the hosts the seeded posts link to, so that a seeded instance's links have
/// previews without publishing a page for each: `https://example.com/COMMUNITY/ID` is an article,
/// `https://video.example/watch/ID` a video page with its embed.
enum SeededPages {
    /// The hosts whose pages are made here.
    static let hosts: Set<String> = ["example.com", "video.example"]

    /// The page at `host` and `path`, or nil for a path the seeded posts do not link to.
    static func page(host: String, path: String) -> WebPage? {
        let parts = path.split(separator: "/")
        switch host {
        case "example.com":
            guard parts.count == 2, let id = Int(parts[1]) else { return nil }
            return .article(
                title: "Article \(id) at example.com", description: "The first lines of the linked page \(id).",
                image: "/images/\(id).jpeg")
        case "video.example":
            guard parts.count == 2, parts[0] == "watch", let id = Int(parts[1]) else { return nil }
            return .article(
                title: "Video \(id)", description: "A short clip about post \(id).", image: "https://video.example/thumbnails/\(id).webp",
                video: "https://video.example/embed/\(id)")
        default:
            return nil
        }
    }
}
