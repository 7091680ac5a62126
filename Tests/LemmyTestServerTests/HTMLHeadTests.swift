import Foundation
@testable import LemmyTestServer
import Testing

/// The test server's reader of a page's head: webpage's rules on small pages, and no crash or
/// runaway on pages no browser would accept.
@Suite("HTML head reader")
struct HTMLHeadTests {
    @Test("Attributes: unquoted, single-quoted, repeated (the first counts), names in any case; entities decoded")
    func attributes() {
        let head = HTMLHead(
            """
            <meta PROPERTY=og:title property="second" CONTENT='It&#39;s &lt;here&gt; &#x1F600; &bogus; &'>
            <meta name="og:description" content=" padded ">
            <meta charset=windows-1252>
            """)
        #expect(head.properties["title"] == "It's <here> 😀 &bogus; &")
        #expect(head.properties["description"] == "padded")
        #expect(head.charset == "windows-1252")
    }

    @Test("Open Graph images: og:image and og:image:url start one, other keys describe the latest, case matters")
    func images() {
        let head = HTMLHead(
            """
            <meta property="og:image:width" content="5">
            <meta property="og:image" content="a.png"><meta property="og:image:width" content="10">
            <meta property="og:image:url" content="b.png"><meta property="og:image:secure_url" content="https://b.png">
            <meta property="OG:image" content="c.png"><meta property="og:Title" content="T">
            <meta property="og:imageé" content="x">
            """)
        #expect(head.images.map(\.url) == ["a.png", "b.png"])
        #expect(head.images.first?.properties == ["width": "10"])
        #expect(head.images.last?.properties == ["secure_url": "https://b.png"])
        #expect(head.properties["Title"] == "T" && head.properties["title"] == nil)
    }

    @Test("webpage's edges: a blank title, a byte-order mark, empty comments, a charset meta, a cut tag, og:imageé")
    func edges() {
        #expect(HTMLHead("<title> \u{A0}\u{3000} </title>").title == "")
        #expect(HTMLHead("<title></title>").title == nil)
        #expect(HTMLHead("\u{FEFF}<title>After the mark</title>").title == "After the mark")
        let comments = HTMLHead("<!--><title>One</title><!---><meta name=description content=Two>")
        #expect(comments.title == "One" && comments.description == "Two")
        // The charset attribute is stored after a content keyed `charset`.
        #expect(HTMLHead("<meta name=charset content=a charset=b>").charset == "b")
        #expect(HTMLHead("<meta name=charset content=windows-1252>").charset == "windows-1252")
        #expect(HTMLHead("<title>Kept</title><meta property=og:title content=Cut").properties["title"] == nil)
        // webpage slices `og:imageé` inside the é once an image exists, and panics.
        #expect(HTMLHead("<meta property=og:image content=a.png><meta property=og:imageé content=x>").panics)
        #expect(!HTMLHead("<meta property=og:imageé content=x>").panics)
        let odd = HTMLHead("<meta property=og:image content=a.png><meta property=og:imagexy content=1>")
        #expect(odd.images.first?.properties == ["y": "1"])
    }

    @Test("Pages that are not HTML, cut short or built to hurt: no crash, and what can be read is")
    func hostilePages() {
        let unterminated = [
            "<title>never closed", "<!-- never closed <title>x</title>", "<meta content=\"never closed>", "<", "<<<<", "&#",
            "&#xFFFFFFFFFF;", "&#0;", "&#xD800;", "<meta content=\"a\" name=description", "<title>a</title", "<script>",
            "<!DOCTYPE", "\u{0}\u{FFFF}<title>\u{0}</title>",
        ]
        for page in unterminated { _ = HTMLHead(page) }
        #expect(HTMLHead("<title>never closed").title == "never closed")
        #expect(HTMLHead("<title>&#xD800;&#0;</title>").title == "\u{FFFD}\u{FFFD}")
        // Random bytes, decoded as Lemmy decodes them (lossily); seeded, so a failure repeats.
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("<>/=\"' -!&#;abcdefghijklmnopqrstuvwxyz:".utf8) + [0x00, 0xC3, 0xFF, 0x0A]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = HTMLHead(String(decoding: bytes, as: UTF8.self))
        }
        // A megabyte of one character, of unfinished end tags, of references without a ';'.
        _ = HTMLHead(String(repeating: "<", count: 1 << 20))
        _ = HTMLHead("<title>" + String(repeating: "</titl", count: 200_000))
        _ = HTMLHead(String(repeating: "&amp", count: 250_000))
        #expect(HTMLHead(String(repeating: "<!---->", count: 100_000) + "<title>end</title>").title == "end")
    }
}
