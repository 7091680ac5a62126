public import Foundation
internal import LemmyAPI

extension ApiClient {
    /// The instance's custom emojis, by category then id: 0.18 and 0.19 send them with the site
    /// (GetSite), 1.0 lists them (`GET /custom_emoji/list`). Anyone may read them.
    ///
    /// - Parameter category: Only this category's emojis (an exact match of the text's bytes, as
    ///   1.0 filters; for 0.18 and 0.19 the site's list is filtered here).
    /// - Returns: The emojis; one whose image is not an http or https link, or whose shortcode is
    ///   empty, is left out.
    public func customEmojis(category: String? = nil) async throws(ApiClientError) -> [CustomEmoji] {
        if try await generation() == .v4 {
            let list = try await send(LemmyV4.ListCustomEmojis(ApiListCustomEmojis(category: category)), mutation: false)
            return list.customEmojis.compactMap(CustomEmoji.init)
        }
        let site = try await send(LemmyV3.GetSite(), mutation: false)
        // By the bytes, as 1.0's database compares: "é" and "e" with a combining accent differ.
        return (site.customEmojis ?? []).compactMap(CustomEmoji.init).filter {
            category == nil || $0.category.utf8.elementsEqual(category!.utf8)
        }
    }

    /// Adds a custom emoji to the instance (admins only: others get `not_an_admin`).
    ///
    /// Lemmy lowercases and trims the shortcode and keywords, and refuses a shortcode or an image
    /// another emoji has, as the database's error (``ApiClientError/message``: `duplicate key
    /// value violates unique constraint ...`; 1.0 as `couldnt_create`). A keyword given twice is
    /// refused after the emoji was written, so the emoji exists without keywords: read the list
    /// again after a refusal.
    /// - Parameters:
    ///   - shortcode: What stands for it in text, without colons (at most 128 characters).
    ///   - imageURL: The image, usually one uploaded to the instance (``uploadImage(data:filename:mimeType:progress:)``).
    ///   - altText: The image's description.
    ///   - category: The picker's group.
    ///   - keywords: Words the picker finds it by (each at most 128 characters, none twice).
    /// - Returns: The emoji as the instance stored it.
    /// - Throws: ``ApiClientError/Kind/unsupported`` without a request for an image that is not an
    ///   http or https link or a blank shortcode (Lemmy would store either, and no list of this
    ///   client would show the emoji); ``ApiClientError/Kind/decoding`` when the instance answers
    ///   an emoji without either, which it has stored all the same.
    public func createCustomEmoji(
        shortcode: String, imageURL: URL, altText: String, category: String, keywords: [String] = []
    ) async throws(ApiClientError) -> CustomEmoji {
        try requireAccount()
        try Self.checkWritable(shortcode: shortcode, imageURL: imageURL)
        let form = ApiCreateCustomEmoji(
            category: category, shortcode: shortcode, imageUrl: imageURL.absoluteString, altText: altText, keywords: keywords)
        return try Self.stored(try await send(LemmyAnyGeneration.CreateCustomEmoji(form), mutation: true).customEmoji)
    }

    /// Writes `emoji`'s image, alt text, category and keywords (admins only), and on 1.0 its
    /// shortcode: 0.18 and 0.19 cannot change a shortcode, so there the answer keeps the old one.
    /// - Returns: The emoji as the instance stored it.
    /// - Throws: As ``createCustomEmoji(shortcode:imageURL:altText:category:keywords:)``.
    public func editCustomEmoji(_ emoji: CustomEmoji) async throws(ApiClientError) -> CustomEmoji {
        try requireAccount()
        try Self.checkWritable(shortcode: emoji.shortcode, imageURL: emoji.imageURL)
        var form = ApiEditCustomEmoji(
            id: emoji.id, category: emoji.category, imageUrl: emoji.imageURL.absoluteString, altText: emoji.altText,
            keywords: emoji.keywords)
        if try await generation() == .v4 { form.shortcode = emoji.shortcode }
        return try Self.stored(try await send(LemmyAnyGeneration.EditCustomEmoji(form), mutation: true).customEmoji)
    }

    /// Removes the emoji with this id from the instance (admins only). Lemmy answers success for
    /// an id it does not have.
    public func deleteCustomEmoji(id: Int) async throws(ApiClientError) {
        try requireAccount()
        _ = try await send(LemmyAnyGeneration.DeleteCustomEmoji(ApiDeleteCustomEmoji(id: id)), mutation: true)
    }

    /// Refuses, before sending, an emoji no list would show.
    private static func checkWritable(shortcode: String, imageURL: URL) throws(ApiClientError) {
        guard LinkPreview.isWebLink(imageURL) else { throw .unsupported("a custom emoji's image must be an http or https link") }
        guard shortcode.contains(where: { !$0.isWhitespace }) else { throw .unsupported("a custom emoji needs a shortcode") }
    }

    /// The emoji of a write's answer; an answer that is no usable emoji is a decoding error.
    private static func stored(_ view: ApiCustomEmojiView) throws(ApiClientError) -> CustomEmoji {
        guard let emoji = CustomEmoji(view) else { throw .decoding("the instance answered an emoji without a usable image or shortcode") }
        return emoji
    }
}

extension CustomEmoji {
    /// The emoji of a view; nil when its image is not an http or https link or its shortcode is
    /// empty (an app could neither show nor write it).
    init?(_ view: ApiCustomEmojiView) {
        let emoji = view.customEmoji
        guard !emoji.shortcode.isEmpty, let image = URL(string: emoji.imageUrl), LinkPreview.isWebLink(image) else { return nil }
        self.init(
            id: emoji.id, shortcode: emoji.shortcode, imageURL: image, altText: emoji.altText, category: emoji.category,
            keywords: view.keywords.map(\.keyword), created: emoji.publishedAt.date)
    }
}
