import Foundation
import LemmyMiddleware
import Testing

/// Custom emojis in Markdown as lemmy-ui writes them (`![alt](image "emoji shortcode")`) and
/// tells them from other images (the title's first word is `emoji`).
@Suite("Custom emoji Markdown")
struct CustomEmojiMarkdownTests {
    static func emoji(shortcode: String = "wave", image: String = "https://emoji.example/wave.png", alt: String = "A hand") -> CustomEmoji {
        CustomEmoji(
            id: 1, shortcode: shortcode, imageURL: URL(string: image)!, altText: alt, category: "Hands", keywords: [],
            created: Date(timeIntervalSince1970: 0))
    }

    @Test("A picked emoji is the image lemmy-ui inserts")
    func markdown() {
        #expect(Self.emoji().markdown == #"![A hand](https://emoji.example/wave.png "emoji wave")"#)
    }

    @Test("The instance's text cannot end the image early or add lines")
    func hostileText() {
        let hostile = Self.emoji(
            shortcode: "a\"b\\c", image: "https://emoji.example/a(1)b.png", alt: "x](javascript:alert(1))\n\n# Heading")
        #expect(
            hostile.markdown
                == #"![x\](javascript:alert(1))  # Heading](https://emoji.example/a%281%29b.png "emoji a\"b\\c")"#)
    }

    @Test(
        "An image titled `emoji …` names a custom emoji; other titles do not",
        arguments: [
            ("emoji wave", "wave"), ("emoji", ""), ("emoji party parrot", "party parrot"), ("emojis wave", nil), ("Emoji wave", nil),
            ("", nil), (" emoji wave", nil),
        ] as [(String, String?)])
    func recognised(title: String, shortcode: String?) {
        #expect(CustomEmoji.shortcode(inImageTitle: title) == shortcode)
    }

    @Test("The title an emoji's Markdown carries names its shortcode")
    func roundTrip() {
        let emoji = Self.emoji(shortcode: "party_parrot")
        let title = String(emoji.markdown.split(separator: "\"")[1])
        #expect(CustomEmoji.shortcode(inImageTitle: title) == "party_parrot")
    }
}
