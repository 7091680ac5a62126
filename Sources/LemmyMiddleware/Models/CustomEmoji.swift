public import Foundation

/// A custom emoji of an instance: an image that stands for `:shortcode:` in what people write
/// there, listed in an emoji picker by ``category`` and found by ``keywords``.
///
/// Values only, as the instance sent them: the shortcode, alt text, category and keywords are
/// text from the server (sanitise them where they are shown outside a text view). An emoji
/// whose image is not an http or https link, or whose shortcode is empty, is never made.
public struct CustomEmoji: Sendable, Hashable, Identifiable {
    /// The emoji's id on its instance.
    public let id: Int
    /// What stands for the emoji in text, without the colons (Lemmy lowercases and trims it).
    public var shortcode: String
    /// The image.
    public var imageURL: URL
    /// The image's description, for screen readers and when it does not load.
    public var altText: String
    /// The picker's group.
    public var category: String
    /// Words the picker finds the emoji by (Lemmy lowercases and trims them, and promises no
    /// order).
    public var keywords: [String]
    /// When it was created.
    public let created: Date

    /// An emoji with these values; ``ApiClient/editCustomEmoji(_:)`` sends one back changed.
    /// - Parameters:
    ///   - id: The emoji's id on its instance.
    ///   - shortcode: What stands for the emoji in text, without the colons.
    ///   - imageURL: The image.
    ///   - altText: The image's description.
    ///   - category: The picker's group.
    ///   - keywords: Words the picker finds the emoji by.
    ///   - created: When it was created.
    public init(id: Int, shortcode: String, imageURL: URL, altText: String, category: String, keywords: [String], created: Date) {
        self.id = id
        self.shortcode = shortcode
        self.imageURL = imageURL
        self.altText = altText
        self.category = category
        self.keywords = keywords
        self.created = created
    }

    /// `:shortcode:`, as it is written in text.
    public var token: String { ":\(shortcode):" }
}
