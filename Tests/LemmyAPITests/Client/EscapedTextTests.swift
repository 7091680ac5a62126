import LemmyAPI
import Testing

@Suite("LemmyEscapedText: which servers escape text, and undoing it")
struct LemmyEscapedTextTests {
    @Test(
        "Only 0.18.3 to 0.18.5 escape",
        arguments: [
            ("0.18.0", false), ("0.18.2", false), ("0.18.3", true), ("0.18.5", true), ("0.18.4-rc.1", true),
            ("0.19.0", false), ("0.19.13", false), ("1.0.0", false), ("0.17.4", false),
        ])
    func versions(text: String, escapes: Bool) throws {
        let version = try #require(LemmyServerVersion(text))
        #expect((LemmyEscapedText(version) == .ammonia) == escapes)
        #expect(LemmyEscapedText(nil) == .verbatim)
    }

    @Test(
        "The serializer's five entities become their characters, in one pass",
        arguments: [
            ("AT&amp;T", "AT&T"), ("1 &lt; 2 &gt; 0", "1 < 2 > 0"), ("say &quot;hi&quot;", "say \"hi\""),
            ("a&nbsp;b", "a\u{A0}b"), ("&amp;lt;", "&lt;"), ("&amp;amp;", "&amp;"),
            // What the serializer never writes stays as it is.
            ("&copy; &#38; &AMP; & &am &amp", "&copy; &#38; &AMP; & &am &amp"), ("&", "&"), ("", ""),
            ("héllo &amp; 日本 &lt;🙂&gt;", "héllo & 日本 <🙂>"),
        ])
    func unescape(escaped: String, written: String) {
        #expect(LemmyEscapedText.ammonia.unescape(escaped) == written)
        #expect(LemmyEscapedText.verbatim.unescape(escaped) == escaped)
    }

    @Test("A megabyte of entities is undone whole")
    func large() {
        let text = String(repeating: "&amp;&lt;x", count: 100_000)
        let undone = LemmyEscapedText.ammonia.unescape(text)
        #expect(undone.utf8.count == 300_000)
        #expect(undone == String(repeating: "&<x", count: 100_000))
    }
}
