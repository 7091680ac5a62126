import Foundation
import LemmyAPI

/// One custom emoji of the local site (a `custom_emoji` row and its `custom_emoji_keyword` rows).
struct CustomEmojiRecord: Sendable {
    var id: Int
    var shortcode: String
    var imageURL: String
    var altText: String
    var category: String
    var published: Double
    /// The keywords in the order they went in, each with its 0.18 row id (0.19 made
    /// `(custom_emoji_id, keyword)` the key and dropped the id).
    var keywords: [CustomEmojiKeywordRecord] = []
}

/// One `custom_emoji_keyword` row.
struct CustomEmojiKeywordRecord: Sendable {
    var id: Int
    var keyword: String
}

/// The site's custom emojis, with the serial counters Postgres keeps: a deleted emoji's id is not
/// given out again.
struct CustomEmojiTable: Sendable {
    var rows: [CustomEmojiRecord] = []
    var lastEmojiId = 0
    var lastKeywordId = 0

    /// Every emoji, or those of one category (1.0's list: an exact, case-sensitive match), by
    /// category then id (`CustomEmojiView::get_all` up to 0.19, `list` on 1.0). Categories are
    /// compared by their bytes (the C collation; a server's locale may order accents otherwise).
    func listed(category: String? = nil) -> [CustomEmojiRecord] {
        rows.filter { category == nil || $0.category == category }.sorted { lhs, rhs in
            guard lhs.category != rhs.category else { return lhs.id < rhs.id }
            return lhs.category.utf8.lexicographicallyPrecedes(rhs.category.utf8)
        }
    }
}

/// Custom emojis, as 0.18.5, 0.19.13 and 1.0 write them (`api_crud/src/custom_emoji`): admins
/// only, no checks of the text beyond the database's (a shortcode and a keyword of at most 128
/// characters, shortcodes and images unique, a keyword once per emoji), none of them in a
/// transaction.
extension Database {
    /// The longest shortcode or keyword (`varchar(128)`).
    static let customEmojiTextLimit = 128

    /// Creates an emoji (CreateCustomEmoji) and returns its id.
    mutating func createCustomEmoji(_ form: ApiCreateCustomEmoji, by personId: Int, now: Double, dialect: LemmyDialect) throws -> Int {
        try requireAdmin(personId)
        let image = try Self.imageURL(form.imageUrl)
        let shortcode = Self.normalized(form.shortcode, dialect: dialect)
        var record = CustomEmojiRecord(
            id: 0, shortcode: shortcode, imageURL: image, altText: Self.cleaned(form.altText, dialect: dialect),
            category: Self.cleaned(form.category, dialect: dialect), published: now)
        try checkRow(record, creating: true, dialect: dialect)
        customEmojis.lastEmojiId += 1
        record.id = customEmojis.lastEmojiId
        customEmojis.rows.append(record)
        try insertKeywords(form.keywords, into: record.id, creating: true, dialect: dialect)
        return record.id
    }

    /// Edits an emoji (EditCustomEmoji). 0.18 and 0.19 take every field but the shortcode and
    /// always replace the keywords; 1.0 takes the shortcode too, changes only the fields sent and
    /// replaces the keywords only when they are sent.
    mutating func editCustomEmoji(_ form: ApiEditCustomEmoji, by personId: Int, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
        let image = try form.imageUrl.map(Self.imageURL)
        let v10 = dialect == .v1_0
        // 1.0's update of no emoji field is diesel's empty changeset, refused before the query.
        if v10, form.shortcode == nil, form.imageUrl == nil, form.altText == nil, form.category == nil {
            throw APIError.code("couldnt_update", cause: "There are no changes to save. This query cannot be built")
        }
        guard let index = customEmojis.rows.firstIndex(where: { $0.id == form.id }) else {
            throw v10 ? APIError.code("couldnt_update", cause: "Record not found") : APIError.recordNotFound
        }
        var record = customEmojis.rows[index]
        if v10, let shortcode = form.shortcode { record.shortcode = Self.normalized(shortcode, dialect: dialect) }
        if let image { record.imageURL = image }
        if let altText = form.altText { record.altText = Self.cleaned(altText, dialect: dialect) }
        if let category = form.category { record.category = Self.cleaned(category, dialect: dialect) }
        try checkRow(record, creating: false, dialect: dialect)
        customEmojis.rows[index] = record
        guard let keywords = form.keywords else { return }
        customEmojis.rows[index].keywords = []
        try insertKeywords(keywords, into: record.id, creating: false, dialect: dialect)
    }

    /// Deletes an emoji and its keywords (DeleteCustomEmoji); an id that is not there deletes
    /// nothing and succeeds, as Lemmy does not look at the rows it deleted.
    mutating func deleteCustomEmoji(_ id: Int, by personId: Int) throws {
        try requireAdmin(personId)
        customEmojis.rows.removeAll { $0.id == id }
    }

    /// The shortcode as stored: lowercased and trimmed, and on 0.18 cleaned as HTML after.
    static func normalized(_ shortcode: String, dialect: LemmyDialect) -> String {
        cleaned(ContentRules.trimmed(shortcode.lowercased()), dialect: dialect)
    }

    /// 0.18's `sanitize_html` of the alt text, the category and the shortcode; later versions
    /// store them as sent.
    static func cleaned(_ text: String, dialect: LemmyDialect) -> String {
        dialect == .v0_18 ? AmmoniaText.clean(text) : text
    }

    /// The image as stored: the form types it `Url` (0.18, 0.19) or `DbUrl` (1.0), so it is kept
    /// as the `url` crate writes it, and text that is no URL fails to deserialize, with that
    /// crate's reason.
    static func imageURL(_ text: String) throws -> String {
        if let url = SimulatedWeb.absoluteURL(text) { return url.absoluteString }
        throw APIError.badRequest(
            "Json deserialize error: invalid value: string \(SimulatedWeb.rustDebug(text)), expected \(SimulatedWeb.parseError(text))")
    }

    /// The database's checks of an emoji row: the shortcode's length, then its uniqueness, then
    /// the image's (the order Postgres checks a column's type and the table's unique indexes).
    func checkRow(_ record: CustomEmojiRecord, creating: Bool, dialect: LemmyDialect) throws {
        if record.shortcode.unicodeScalars.count > Self.customEmojiTextLimit {
            throw Self.databaseError("value too long for type character varying(128)", creating: creating, dialect: dialect)
        }
        let others = customEmojis.rows.filter { $0.id != record.id }
        if others.contains(where: { $0.shortcode == record.shortcode }) {
            throw Self.databaseError(
                #"duplicate key value violates unique constraint "custom_emoji_shortcode_key""#, creating: creating, dialect: dialect)
        }
        if others.contains(where: { $0.imageURL == record.imageURL }) {
            throw Self.databaseError(
                #"duplicate key value violates unique constraint "custom_emoji_image_url_key""#, creating: creating, dialect: dialect)
        }
    }

    /// Inserts the keywords of emoji `id` in one statement, lowercased and trimmed: all or none.
    /// The emoji row is already written, so a refused keyword leaves it behind (and an edit's old
    /// keywords deleted).
    mutating func insertKeywords(_ keywords: [String], into id: Int, creating: Bool, dialect: LemmyDialect) throws {
        let words = keywords.map { ContentRules.trimmed($0.lowercased()) }
        if words.contains(where: { $0.unicodeScalars.count > Self.customEmojiTextLimit }) {
            throw Self.databaseError("value too long for type character varying(128)", creating: creating, dialect: dialect)
        }
        guard Set(words).count == words.count else {
            let key = dialect == .v0_18 ? "custom_emoji_keyword_custom_emoji_id_keyword_key" : "custom_emoji_keyword_pkey"
            // 1.0 maps a failed keyword insert to `couldnt_create`, on an edit too.
            throw Self.databaseError("duplicate key value violates unique constraint \"\(key)\"", creating: true, dialect: dialect)
        }
        guard let index = customEmojis.rows.firstIndex(where: { $0.id == id }) else { return }
        for word in words {
            customEmojis.lastKeywordId += 1
            customEmojis.rows[index].keywords.append(CustomEmojiKeywordRecord(id: customEmojis.lastKeywordId, keyword: word))
        }
    }

    /// A database error no version maps to an error code of its own: 0.18 and 0.19 pass its text
    /// on, 1.0 reports the handler's `couldnt_create` or `couldnt_update` with the text as cause.
    static func databaseError(_ text: String, creating: Bool, dialect: LemmyDialect) -> APIError {
        dialect == .v1_0 ? APIError.code(creating ? "couldnt_create" : "couldnt_update", cause: text) : APIError.foreign(text)
    }
}
