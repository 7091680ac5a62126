import LemmyAPI

extension Renderer {
    /// The view of emoji `id`; 1.0's `not_found` if it is gone (the read after a write).
    func customEmojiView(_ id: Int) throws -> ApiCustomEmojiView {
        guard let record = db.customEmojis.rows.first(where: { $0.id == id }) else { throw APIError.notFound("custom_emoji") }
        return customEmojiView(record)
    }

    /// An emoji as `dialect` writes it: 0.18 and 0.19 name the local site, and 0.18 gives each
    /// keyword its row id. Lemmy does not order the keywords; a fresh server's Postgres reads them
    /// through the `(custom_emoji_id, keyword)` index, so by their bytes, as here (a busy one's
    /// planner may read them in the order they went in).
    func customEmojiView(_ record: CustomEmojiRecord) -> ApiCustomEmojiView {
        var emoji = ApiCustomEmoji(
            id: record.id, shortcode: record.shortcode, imageUrl: record.imageURL, altText: record.altText, category: record.category,
            publishedAt: date(record.published))
        if dialect != .v1_0 { emoji.localSiteId = 1 }
        let keywords = record.keywords.sorted { $0.keyword.utf8.lexicographicallyPrecedes($1.keyword.utf8) }.map {
            ApiCustomEmojiKeyword(customEmojiId: record.id, keyword: $0.keyword, id: dialect == .v0_18 ? $0.id : nil)
        }
        return ApiCustomEmojiView(customEmoji: emoji, keywords: keywords)
    }

    /// GetSite's `custom_emojis` (0.18, 0.19): every emoji, by category then id.
    func customEmojiViews() -> [ApiCustomEmojiView] { db.customEmojis.listed().map(customEmojiView) }
}
