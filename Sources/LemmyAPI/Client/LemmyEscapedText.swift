/// How a server stores what people write: as they wrote it, or HTML-escaped.
///
/// Lemmy 0.18.3 to 0.18.5 pass titles, bodies, comments, messages, display names, bios,
/// descriptions, sidebars and reasons through `sanitize_html` before storing them
/// (`api_common/src/utils.rs`): ammonia's default cleaning, then every `&gt;` put back to `>` so
/// that Markdown quotes work. What comes back is HTML text: `AT&T` reads `AT&amp;T`, `a < b`
/// reads `a &lt; b`, a no-break space reads `&nbsp;`. Real 0.18.5 payloads carry it (the
/// lemmy.world site captured at 0.18.5 has `&amp;` in its sidebar). 0.18.0 to 0.18.2, 0.19 and
/// 1.0 store the text as written.
///
/// Shown as it comes, an app prints the entities (and an editor shows them to the author).
/// ``unescape(_:)-(String)`` undoes exactly what the escaping did, so the text reads as written; sent back
/// in an edit, it is stored as before, since ammonia reads the characters it escapes again.
///
/// Text stored while an instance ran 0.18.3 to 0.18.5 stays escaped after it upgrades (0.19
/// has no migration for it), but a 0.19 or 1.0 server cannot tell that text from text written
/// with entities in it, so only a 0.18.3 to 0.18.5 server's text is unescaped.
public enum LemmyEscapedText: Sendable, Hashable {
    /// The server stores text as it was written.
    case verbatim
    /// The server stores text as ammonia serialized it (Lemmy 0.18.3 to 0.18.5).
    case ammonia

    /// How `version` stores text.
    public init(_ version: LemmyServerVersion?) {
        guard let version, version.major == 0, version.minor == 18, version.patch >= 3 else {
            self = .verbatim
            return
        }
        self = .ammonia
    }

    /// `text` as its author wrote it, as far as the server kept it.
    ///
    /// For ``ammonia``, the five entities html5ever's serializer writes (`&amp;`, `&lt;`, `&gt;`,
    /// `&quot;` and `&nbsp;`) become their characters, in one pass, so `&amp;lt;` reads `&lt;`.
    /// Anything else, a lone `&` or another entity, is left alone: the serializer never writes
    /// one. What ammonia removed (disallowed tags, scripts, comments) does not come back.
    ///
    /// Inlinable, so that the models' snapshots pay a comparison, not a call, for text from a
    /// server that stores it as written (a post's ingest unescapes about ten strings).
    @inlinable
    public func unescape(_ text: String) -> String {
        guard self == .ammonia else { return text }
        return Self.unescapeAmmonia(text)
    }

    /// ``unescape(_:)-(String)`` of an optional text.
    @inlinable
    public func unescape(_ text: String?) -> String? {
        guard self == .ammonia, let text else { return text }
        return Self.unescapeAmmonia(text)
    }

    @usableFromInline
    static func unescapeAmmonia(_ text: String) -> String {
        // Most text has no `&`: scanning the bytes costs less than building a copy.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return unescapeEntities(text)
    }

    private static let entities: [(name: [UInt8], scalar: Unicode.Scalar)] = [
        (Array("amp;".utf8), "&"), (Array("lt;".utf8), "<"), (Array("gt;".utf8), ">"),
        (Array("quot;".utf8), "\""), (Array("nbsp;".utf8), "\u{A0}"),
    ]

    private static func unescapeEntities(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "&"), let (length, scalar) = entity(in: bytes, at: index) else {
                out.append(byte)
                continue
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            index += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The entity name (with its `;`) at `index`, just after an `&`: its length and character.
    private static func entity(in bytes: [UInt8], at index: Int) -> (Int, Unicode.Scalar)? {
        for (name, scalar) in entities where bytes.count - index >= name.count {
            if bytes[index..<(index + name.count)].elementsEqual(name) { return (name.count, scalar) }
        }
        return nil
    }
}
