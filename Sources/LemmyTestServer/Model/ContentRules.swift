import Foundation

/// Lemmy's checks of what people write (titles, bodies, links, report reasons), per dialect.
///
/// Facts from Lemmy's `utils/src/utils/validation.rs` (0.18.5, 0.19.13, 1.0) and the create and
/// edit handlers that call it: 0.18 counts Unicode scalars and matches titles with a regular
/// expression; 0.19 and 1.0 count titles in scalars but bodies, links and alt text in UTF-16 code
/// units (as an HTML `maxlength` does).
enum ContentRules {
    /// The longest post body; comments and messages take ``commentBodyLimit``.
    static let postBodyLimit = 50_000
    /// The longest comment or private message.
    static let commentBodyLimit = 10_000
    /// The longest post link (0.19, 1.0).
    static let urlLimit = 2_000
    /// The longest image description (0.19, 1.0).
    static let altTextLimit = 1_500
    /// The longest report reason.
    static let reportReasonLimit = 1_000

    /// A post title. 0.18: a run of three non-space characters somewhere and no line break (its
    /// 200 is the database column's, which refuses the insert of a longer escaped title); 0.19 and 1.0: 3 to 200 characters
    /// once trimmed and no line break, and 1.0 wants three visible ones.
    static func checkPostTitle(_ title: String, dialect: LemmyDialect, creating: Bool) throws {
        let unbroken = !title.contains("\n")
        switch dialect {
        case .v0_18:
            guard unbroken, hasRun(of: 3, in: title) else { throw APIError.code("invalid_post_title") }
            // The column holds 200 characters of the title as stored: escaped (AmmoniaText).
            if AmmoniaText.clean(trimmed(title)).unicodeScalars.count > 200 {
                throw APIError.code(creating ? "couldnt_create_post" : "couldnt_update_post")
            }
        case .v0_19, .v1_0:
            let length = trimmed(title).unicodeScalars.count
            var valid = unbroken && (3...200).contains(length)
            // 1.0 wants three characters not on its list of invisible ones (NameRules.invisible10),
            // counted in the title as sent.
            if dialect == .v1_0 { valid = valid && NameRules.hasVisible(3, in: title.unicodeScalars, dialect: dialect) }
            guard valid else { throw APIError.code("invalid_post_title") }
        }
    }

    /// A post, comment or message body: `invalid_body_field` over the limit; empty is allowed.
    static func checkBody(_ body: String?, post: Bool, dialect: LemmyDialect) throws {
        guard let body else { return }
        let limit = post ? postBodyLimit : commentBodyLimit
        if length(body, dialect: dialect) > limit { throw APIError.code("invalid_body_field") }
    }

    /// A post's link (or 0.19's custom thumbnail) as Lemmy checks it, returned as stored.
    ///
    /// 0.18 types it as a URL, so text that does not parse fails the form's deserialization;
    /// 0.19 and 1.0 answer `invalid_url`. An edit's empty text clears the link (0.19, 1.0); a
    /// creation's is text that does not parse. Then only http, https (and, from 0.19, magnet)
    /// links are taken (`invalid_url_scheme`), of at most 2,000 UTF-16 units (`url_length_overflow`).
    static func checkURL(_ text: String?, dialect: LemmyDialect, creating: Bool) throws -> String? {
        guard let text, let scheme = try checkParses(text, dialect: dialect, creating: creating) else { return text }
        let schemes: Set<String> = dialect == .v0_18 ? ["http", "https"] : ["http", "https", "magnet"]
        guard schemes.contains(scheme) else { throw APIError.code("invalid_url_scheme") }
        if dialect != .v0_18, text.utf16.count > urlLimit { throw APIError.code("url_length_overflow") }
        return text
    }

    /// The first step of ``checkURL(_:dialect:creating:)``, which Lemmy takes before the title:
    /// the link's scheme, or nil for an edit's empty text (which clears the link).
    @discardableResult
    static func checkParses(_ text: String, dialect: LemmyDialect, creating: Bool) throws -> String? {
        if text.isEmpty && !creating && dialect != .v0_18 { return nil }
        guard let scheme = parsedScheme(text) else {
            if dialect == .v0_18 { throw APIError.badRequest("Json deserialize error: relative URL without a base") }
            // 1.0's `diesel_url_create`/`_update` keep the parse error as the cause.
            if dialect == .v1_0 { throw APIError.code("invalid_url", cause: SimulatedWeb.parseError(text)) }
            throw APIError.code("invalid_url")
        }
        return scheme
    }

    /// An image description (0.19, 1.0): `alt_text_length_overflow` over 1,500 UTF-16 units.
    static func checkAltText(_ text: String?) throws {
        if let text, text.utf16.count > altTextLimit { throw APIError.code("alt_text_length_overflow") }
    }

    /// A report's reason, trimmed as the handlers do: `report_reason_required` when empty,
    /// `report_too_long` over 1,000 characters. Returns the trimmed reason.
    static func checkReportReason(_ reason: String) throws -> String {
        let reason = trimmed(reason)
        if reason.isEmpty { throw APIError.code("report_reason_required") }
        if reason.unicodeScalars.count > reportReasonLimit { throw APIError.code("report_too_long") }
        return reason
    }

    /// The lower-cased scheme of an absolute URL, or nil for text that is not one: a scheme (a
    /// letter, then letters, digits, `+`, `-`, `.`) and a colon; http and https need a host.
    static func parsedScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = URLComponents(string: text)?.host, !host.isEmpty else { return nil }
        }
        return scheme
    }

    /// Rust's `str::to_lowercase`: Swift's lowercasing, except that a capital sigma ending a word
    /// (after a letter, and not before one) is the final sigma `ς`, as Rust's Final_Sigma rule
    /// makes it ("ΣΑΣ" is "σας").
    static func rustLowercased(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("\u{3A3}") else { return text.lowercased() }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard scalar == "\u{3A3}" else {
                out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                continue
            }
            let before = scalars[..<index].last { !$0.properties.isCaseIgnorable }
            let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
            let final = before?.properties.isCased == true && after?.properties.isCased != true
            out.append(final ? "\u{3C2}" : "\u{3C3}")
        }
        return String(out)
    }

    /// Rust's `str::trim`: scalars with Unicode's White_Space property off both ends. Foundation's
    /// white space set is another one (it takes the zero-width space U+200B, which is not White_Space).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// How a dialect measures a body: scalars (0.18) or UTF-16 code units.
    private static func length(_ text: String, dialect: LemmyDialect) -> Int {
        dialect == .v0_18 ? text.unicodeScalars.count : text.utf16.count
    }

    /// Whether `text` has `count` non-space scalars in a row (the regular expression `\S{3,200}`).
    private static func hasRun(of count: Int, in text: String) -> Bool {
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            if run >= count { return true }
        }
        return false
    }
}
