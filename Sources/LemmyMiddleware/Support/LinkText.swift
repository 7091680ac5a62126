import Foundation

/// A link as the server sent it, parsed into a `URL` only when read.
///
/// The content models keep their links (`actorId`, `avatar`, `linkURL`, ...) this way; their
/// public properties are still `URL`s. Parsing costs about 3,500 instructions a link
/// (swift-foundation's RFC 3986 parser), and a 50-post page carries about 120 links, of which an
/// app shows a few: parsing every one as the page arrived was a fifth of merging it. Two links
/// are equal when their texts are, so merging an unchanged page compares strings.
struct LinkText: Equatable, Sendable {
    /// The text the server sent.
    let text: String

    /// A link with this text.
    init(text: String) { self.text = text }

    /// The link of `url` (when the client sets one itself).
    init(_ url: URL) { text = url.absoluteString }

    /// The parsed URL, or nil if the text is not one.
    var url: URL? { URL(string: text) }

    /// The parsed URL, or `about:invalid`: an ActivityPub id that does not parse must not crash.
    var urlOrInvalid: URL { url ?? URL(string: "about:invalid")! }
}
