/// The document `/json` answers: httpbin's shape (a slideshow with an author, a title, a date and
/// slides), in this project's own words.
enum SampleDocument {
    static var slideshow: [String: Any] {
        [
            "slideshow": [
                "author": "LemmyKit tests",
                "date": "2026-11-22",
                "title": "Loopback slides",
                "slides": [
                    ["title": "Opening", "type": "all"],
                    ["title": "Findings", "type": "all", "items": ["Loaders retry", "Caches revalidate"]],
                ] as [[String: Any]],
            ] as [String: Any]
        ]
    }
}
