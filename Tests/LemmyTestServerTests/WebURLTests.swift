import Foundation
@testable import LemmyTestServer
import Testing

/// URLs as the `url` crate (WHATWG) reads them, where Foundation reads them otherwise: what the
/// test server stores of a custom emoji's image and follows of a link.
@Suite("URLs read as the url crate reads them")
struct WebURLTests {
    @Test(
        "Spaces and controls off the ends, tabs and newlines dropped, backslashes and missing slashes of special schemes, dot segments",
        arguments: [
            (" https://e.example/a \n", "https://e.example/a"),
            ("https://e.ex\tample/a\nb", "https://e.example/ab"),
            ("https://e.example/a\\b", "https://e.example/a/b"),
            ("https:e.example/a", "https://e.example/a"),
            ("https:/e.example/a", "https://e.example/a"),
            ("https:\\\\e.example\\a", "https://e.example/a"),
            ("https://e.example/./a/../b", "https://e.example/b"),
            ("https://e.example/a/%2e%2E/b/.", "https://e.example/b/"),
            ("https://e.example/..", "https://e.example/"),
            ("HTTPS://E.Example:443", "https://e.example/"),
        ])
    func normalized(text: String, expected: String) {
        #expect(SimulatedWeb.absoluteURL(text)?.absoluteString == expected)
    }

    @Test("A port over 65,535 is no URL, with the url crate's reason")
    func port() {
        #expect(SimulatedWeb.absoluteURL("https://e.example:99999/") == nil)
        #expect(SimulatedWeb.parseError("https://e.example:99999/") == "invalid port number")
        #expect(SimulatedWeb.absoluteURL("https://e.example:65535/")?.port == 65_535)
    }
}
