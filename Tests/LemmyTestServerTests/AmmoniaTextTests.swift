import Testing

@testable import LemmyTestServer

/// What 0.18.5 stores of what people write (`sanitize_html`: ammonia's defaults less `a` and
/// `img`, then `&gt;` back to `>`). The first two cases are Lemmy's own test of the function.
@Suite("AmmoniaText: 0.18.5's cleaning of text")
struct AmmoniaTextTests {
    @Test(
        "Tags, references, scripts and comments as ammonia leaves them",
        arguments: [
            ("<script>alert(1);</script> hello", " hello"),
            ("<img src='http://example.com'> test", " test"),
            ("AT&T", "AT&amp;T"), ("1 < 2 > 0", "1 &lt; 2 > 0"), ("> a quote", "> a quote"),
            ("<b>bold</b> <a href=\"https://x.example\">link</a>", "<b>bold</b> link"),
            ("<p>open", "<p>open</p>"), ("</p>stray", "stray"), ("<B TITLE=x onclick=\"y()\">z</B>", "<b title=\"x\">z</b>"),
            ("a<!-- hidden -->b", "ab"), ("<style>p{}</style>text", "text"), ("x\r\ny\rz", "x\ny\nz"),
            ("&amp; &lt; &gt; &quot; &#65;&#x42; &ampx", "&amp; &lt; > \" AB &amp;x"), ("\u{A0}", "&nbsp;"),
            ("<br/>line<hr>", "<br>line<hr>"), ("<textarea>&lt;b&gt;</textarea>", "&lt;b>"), ("a <", "a &lt;"),
            ("a <b", "a "), ("x</>y", "xy"), ("<?php x ?>y", "y"), ("<q cite='a\"b'>c</q>", "<q cite=\"a&quot;b\">c</q>"),
            ("plain text, nothing to do", "plain text, nothing to do"),
        ])
    func clean(written: String, stored: String) {
        #expect(AmmoniaText.clean(written) == stored)
    }

    @Test("Only 0.18 stores cleaned text")
    func dialects() {
        #expect(LemmyDialect.v0_18.stored("a & b") == "a &amp; b")
        #expect(LemmyDialect.v0_19.stored("a & b") == "a & b")
        #expect(LemmyDialect.v1_0.stored(Optional("a & b")) == "a & b")
    }
}
