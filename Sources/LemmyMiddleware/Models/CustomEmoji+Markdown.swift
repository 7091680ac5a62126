internal import Foundation
internal import HTTPLoading

/// Custom emojis in Markdown, as lemmy-ui writes and shows them: a picked emoji goes into the
/// text as an image whose title is `emoji` and the shortcode (`![alt](image "emoji wave")`), and
/// an image with such a title is shown at the size of the text around it. Lemmy itself stores
/// the Markdown as written; `:shortcode:` is not replaced when text is shown.
extension CustomEmoji {
    /// The Markdown lemmy-ui inserts when someone picks this emoji: `![alt](image "emoji shortcode")`.
    ///
    /// The instance's text cannot break out of the image: backslashes, brackets and quotes are
    /// escaped, line breaks become spaces, and the characters that would end the image's link
    /// (spaces, parentheses, angle brackets) are percent-encoded in it.
    public var markdown: String {
        let alt = Self.escaped(altText, specials: "\\[]")
        let title = Self.escaped("emoji " + shortcode, specials: "\\\"")
        return "![\(alt)](\(Self.linkDestination.encode(imageURL.absoluteString)) \"\(title)\")"
    }

    /// The shortcode named by the title of a Markdown image if the image is a custom emoji
    /// (lemmy-ui's rule: the title's first word, up to the first space, is `emoji`); nil for any
    /// other image. A renderer shows such an image inline, at the size of the text.
    ///
    /// - Parameter title: The image's title, as the Markdown parser read it.
    /// - Returns: The rest of the title after `emoji ` (empty when the title is `emoji` alone).
    public static func shortcode(inImageTitle title: String) -> String? {
        let parts = title.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.first == "emoji" else { return nil }
        return parts.count > 1 ? String(parts[1]) : ""
    }

    /// `text` on one line, with a backslash before each of `specials`.
    private static func escaped(_ text: String, specials: String) -> String {
        var out = ""
        for character in text {
            if character.isNewline {
                out.append(" ")
            } else {
                if specials.contains(character) { out.append("\\") }
                out.append(character)
            }
        }
        return out
    }

    /// Percent-encodes what would end a Markdown link destination (spaces, parentheses, angle
    /// brackets) and keeps every other printable ASCII character; a URL's text has no other.
    private static let linkDestination = PercentEncoding(keepingLettersDigitsAnd: "!\"#$%&'*+,-./:;=?@[\\]^_`{|}~")
}
