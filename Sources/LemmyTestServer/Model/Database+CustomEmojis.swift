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

    /// Every emoji, or those of one category (1.0's list: an exact match of the bytes, as Postgres
    /// compares text), by category then id (`CustomEmojiView::get_all` up to 0.19, `list` on
    /// 1.0). Categories are ordered by their bytes (the C collation of Lemmy's Alpine images; a
    /// server whose database has another locale may order accents otherwise).
    func listed(category: String? = nil) -> [CustomEmojiRecord] {
        rows.filter { category == nil || $0.category.utf8.elementsEqual(category!.utf8) }.sorted { lhs, rhs in
            guard !lhs.category.utf8.elementsEqual(rhs.category.utf8) else { return lhs.id < rhs.id }
            return lhs.category.utf8.lexicographicallyPrecedes(rhs.category.utf8)
        }
    }
}

/// Custom emojis, as 0.18.5, 0.19.13 and 1.0 write them (`api_crud/src/custom_emoji`): admins
/// only, no checks of the text beyond the database's (a shortcode and a keyword of at most 128
/// characters, shortcodes and images unique, a keyword once per emoji, all compared by their
/// bytes), none of them in a transaction. The image is checked as the form deserializes
/// (``customEmojiImageCheck(_:body:)``), before the login.
extension Database {
    /// The longest shortcode or keyword (`varchar(128)`).
    static let customEmojiTextLimit = 128

    /// Creates an emoji (CreateCustomEmoji) and returns its id.
    mutating func createCustomEmoji(_ form: ApiCreateCustomEmoji, by personId: Int, now: Double, dialect: LemmyDialect) throws -> Int {
        try requireAdmin(personId)
        var record = CustomEmojiRecord(
            id: 0, shortcode: Self.normalized(form.shortcode, dialect: dialect), imageURL: Self.storedImage(form.imageUrl),
            altText: Self.cleaned(form.altText, dialect: dialect), category: Self.cleaned(form.category, dialect: dialect),
            published: now)
        record.shortcode = try Self.varchar128(record.shortcode, creating: true, dialect: dialect)
        // The insert takes its id from the sequence before the unique indexes refuse it.
        customEmojis.lastEmojiId += 1
        record.id = customEmojis.lastEmojiId
        try checkUnique(record, creating: true, dialect: dialect)
        customEmojis.rows.append(record)
        try insertKeywords(form.keywords, into: record.id, dialect: dialect)
        return record.id
    }

    /// Edits an emoji (EditCustomEmoji). 0.18 and 0.19 take every field but the shortcode and
    /// always replace the keywords; 1.0 takes the shortcode too, changes only the fields sent and
    /// replaces the keywords only when they are sent.
    mutating func editCustomEmoji(_ form: ApiEditCustomEmoji, by personId: Int, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
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
        if let image = form.imageUrl { record.imageURL = Self.storedImage(image) }
        if let altText = form.altText { record.altText = Self.cleaned(altText, dialect: dialect) }
        if let category = form.category { record.category = Self.cleaned(category, dialect: dialect) }
        record.shortcode = try Self.varchar128(record.shortcode, creating: false, dialect: dialect)
        try checkUnique(record, creating: false, dialect: dialect)
        customEmojis.rows[index] = record
        guard let keywords = form.keywords else { return }
        customEmojis.rows[index].keywords = []
        try insertKeywords(keywords, into: record.id, dialect: dialect)
    }

    /// Deletes an emoji and its keywords (DeleteCustomEmoji); an id that is not there deletes
    /// nothing and succeeds, as Lemmy does not look at the rows it deleted.
    mutating func deleteCustomEmoji(_ id: Int, by personId: Int) throws {
        try requireAdmin(personId)
        customEmojis.rows.removeAll { $0.id == id }
    }

    /// The shortcode as stored: lowercased and trimmed, and on 0.18 cleaned as HTML after.
    static func normalized(_ shortcode: String, dialect: LemmyDialect) -> String {
        cleaned(ContentRules.trimmed(ContentRules.rustLowercased(shortcode)), dialect: dialect)
    }

    /// 0.18's `sanitize_html` of the alt text, the category and the shortcode; later versions
    /// store them as sent.
    static func cleaned(_ text: String, dialect: LemmyDialect) -> String {
        dialect == .v0_18 ? AmmoniaText.clean(text) : text
    }

    /// The check of the form's image as it deserializes: the form types it `Url` (0.18, 0.19) or
    /// `DbUrl` (1.0), so text that is no URL fails with the `url` crate's reason and serde_json's
    /// position after the value, before the login is read.
    static func customEmojiImageCheck(_ image: String?, body: Data) throws {
        guard let image, SimulatedWeb.absoluteURL(image) == nil else { return }
        throw APIError.badRequest(
            "Json deserialize error: invalid value: string \(SimulatedWeb.rustDebug(image)), expected "
                + SimulatedWeb.parseError(image) + FormDecoding.positionAfterString(of: "image_url", in: body))
    }

    /// The image as stored: as the `url` crate writes the URL (checked as the form deserialized).
    static func storedImage(_ text: String) -> String { SimulatedWeb.absoluteURL(text)?.absoluteString ?? text }

    /// `text` in a `varchar(128)` column: over 128 characters is refused, unless what is over is
    /// only spaces, which Postgres drops.
    static func varchar128(_ text: String, creating: Bool, dialect: LemmyDialect) throws -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > customEmojiTextLimit else { return text }
        let kept = scalars.index(scalars.startIndex, offsetBy: customEmojiTextLimit)
        guard scalars[kept...].allSatisfy({ $0 == " " }) else {
            throw Self.databaseError("value too long for type character varying(128)", creating: creating, dialect: dialect)
        }
        return String(scalars[..<kept])
    }

    /// The unique indexes' checks of an emoji row, shortcode then image, comparing bytes.
    func checkUnique(_ record: CustomEmojiRecord, creating: Bool, dialect: LemmyDialect) throws {
        let others = customEmojis.rows.filter { $0.id != record.id }
        if others.contains(where: { $0.shortcode.utf8.elementsEqual(record.shortcode.utf8) }) {
            throw Self.databaseError(
                #"duplicate key value violates unique constraint "custom_emoji_shortcode_key""#, creating: creating, dialect: dialect)
        }
        if others.contains(where: { $0.imageURL.utf8.elementsEqual(record.imageURL.utf8) }) {
            throw Self.databaseError(
                #"duplicate key value violates unique constraint "custom_emoji_image_url_key""#, creating: creating, dialect: dialect)
        }
    }

    /// Inserts the keywords of emoji `id` in one statement, lowercased and trimmed: all or none.
    /// The emoji row is already written, so a refused keyword leaves it behind (and an edit's old
    /// keywords deleted). 0.18's rows take their ids before the unique index refuses one; every
    /// version reports a refused keyword as 1.0's `couldnt_create`, on an edit too.
    mutating func insertKeywords(_ keywords: [String], into id: Int, dialect: LemmyDialect) throws {
        let words = try keywords.map {
            try Self.varchar128(ContentRules.trimmed(ContentRules.rustLowercased($0)), creating: true, dialect: dialect)
        }
        let ids = words.indices.map { customEmojis.lastKeywordId + 1 + $0 }
        if dialect == .v0_18 { customEmojis.lastKeywordId += words.count }
        guard Set(words.map { Array($0.utf8) }).count == words.count else {
            let key = dialect == .v0_18 ? "custom_emoji_keyword_custom_emoji_id_keyword_key" : "custom_emoji_keyword_pkey"
            throw Self.databaseError("duplicate key value violates unique constraint \"\(key)\"", creating: true, dialect: dialect)
        }
        guard let index = customEmojis.rows.firstIndex(where: { $0.id == id }) else { return }
        customEmojis.rows[index].keywords += zip(ids, words).map { CustomEmojiKeywordRecord(id: $0, keyword: $1) }
    }

    /// A database error no version maps to an error code of its own: 0.18 and 0.19 pass its text
    /// on, 1.0 reports the handler's `couldnt_create` or `couldnt_update` with the text as cause.
    static func databaseError(_ text: String, creating: Bool, dialect: LemmyDialect) -> APIError {
        dialect == .v1_0 ? APIError.code(creating ? "couldnt_create" : "couldnt_update", cause: text) : APIError.foreign(text)
    }
}
