/// Lemmy's checks of names: a person's or community's actor name, and a display name, per dialect.
///
/// Facts from `utils/src/utils/validation.rs` (`is_valid_actor_name`, `is_valid_display_name`)
/// at 0.18.5, 0.19.13 and 1.0 (`main`), and the handlers that call them (register, create
/// community, save settings). The site's `actor_name_max_length` is 20 here, as Lemmy's default.
enum NameRules {
    /// The site's `actor_name_max_length` (0.18, 0.19); 1.0's `ACTOR_NAME_MAX_LENGTH`.
    static let actorNameMaxLength = 20
    /// 1.0's `DISPLAY_NAME_MAX_LENGTH`; 0.18 and 0.19 use ``actorNameMaxLength``.
    static let displayNameMaxLength10 = 50

    /// 0.18's and 0.19's `FORBIDDEN_DISPLAY_CHARS` (`utils/src/utils/validation.rs`), taken from
    /// invisible-characters.com.
    static let invisible: Set<Unicode.Scalar> = [
        "\u{0009}", "\u{00A0}", "\u{00AD}", "\u{034F}", "\u{061C}", "\u{115F}", "\u{1160}", "\u{17B4}", "\u{17B5}",
        "\u{180E}", "\u{2000}", "\u{2001}", "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}",
        "\u{2008}", "\u{2009}", "\u{200A}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{202F}",
        "\u{205F}", "\u{2060}", "\u{2061}", "\u{2062}", "\u{2063}", "\u{2064}", "\u{206A}", "\u{206B}", "\u{206C}",
        "\u{206D}", "\u{206E}", "\u{206F}", "\u{3000}", "\u{2800}", "\u{3164}", "\u{FEFF}", "\u{FFA0}", "\u{1D159}",
        "\u{1D173}", "\u{1D174}", "\u{1D175}", "\u{1D176}", "\u{1D177}", "\u{1D178}", "\u{1D179}", "\u{1D17A}",
    ]

    /// 1.0's `INVISIBLE_CHARS`: the `invisible-characters` crate at 0.1.5 (the version 1.0's
    /// `Cargo.lock` pins), drawn from the same site later. Beside 0.19's it holds the ASCII space
    /// and the other white space and control characters (`\n`, `\u{B}`, `\u{C}`, `\r`), so a
    /// title or display name `a b` has two visible characters on 1.0 and three on 0.19; and
    /// U+2065, U+FFFC, and musical symbols from U+1D000 on.
    static let invisible10: Set<Unicode.Scalar> = invisible.union([
        "\u{000A}", "\u{000B}", "\u{000C}", "\u{000D}", "\u{0020}", "\u{2065}", "\u{FFFC}", "\u{1D000}", "\u{1D0F0}",
        "\u{1D100}", "\u{1D129}", "\u{1D130}", "\u{1D13F}", "\u{1D140}", "\u{1D145}", "\u{1D150}", "\u{E0020}",
    ])

    /// The list of invisible characters `dialect` checks names and titles against.
    static func invisible(in dialect: LemmyDialect) -> Set<Unicode.Scalar> {
        dialect == .v1_0 ? invisible10 : invisible
    }

    /// Whether `name` is a valid actor name (a user name or a community name).
    ///
    /// 0.18: 3 or more of `a-z A-Z 0-9 _`. 0.19: 3 or more characters of one alphabet (Latin
    /// letters, Arabic or Cyrillic script, each with `0-9` and `_`), so that look-alike letters of
    /// two scripts cannot imitate a name. 1.0: the same alphabets, 2 to 20 UTF-16 code units.
    /// Rust's `chars()` are Unicode scalars, so the counts and matches here are too.
    static func isValidActorName(_ name: String, dialect: LemmyDialect) -> Bool {
        let scalars = name.unicodeScalars
        switch dialect {
        case .v0_18:
            return (3...actorNameMaxLength).contains(scalars.count) && scalars.allSatisfy(isLatinNameScalar)
        case .v0_19:
            return scalars.count <= actorNameMaxLength && scalars.count >= 3 && isOneAlphabet(scalars)
        case .v1_0:
            return (2...actorNameMaxLength).contains(name.utf16.count) && isOneAlphabet(scalars)
        }
    }

    /// Checks a display name as each version does, after trimming white space as every version
    /// does first: no leading `@`, no line break, at most the version's length, and 0.18 at least
    /// 3 characters and no invisible one anywhere; 0.19 and 1.0 no leading invisible character and
    /// at least 3 that are not invisible. 0.18 calls the refusal `invalid_username`.
    static func checkDisplayName(_ name: String, dialect: LemmyDialect) throws {
        let scalars = ContentRules.trimmed(name).unicodeScalars
        let shared = scalars.first != "@" && !scalars.contains("\n")
        let valid: Bool
        switch dialect {
        case .v0_18:
            valid = shared && (3...actorNameMaxLength).contains(scalars.count) && !scalars.contains(where: invisible.contains)
        case .v0_19, .v1_0:
            let limit = dialect == .v1_0 ? displayNameMaxLength10 : actorNameMaxLength
            let invisible = invisible(in: dialect)
            valid =
                shared && scalars.count <= limit && !(scalars.first.map(invisible.contains) ?? false)
                && hasVisible(3, in: scalars, dialect: dialect)
        }
        if !valid { throw APIError.code(dialect == .v0_18 ? "invalid_username" : "invalid_display_name") }
    }

    /// Whether `scalars` hold at least `count` characters not on `dialect`'s list of invisible
    /// ones (`has_3_permitted_display_chars`).
    static func hasVisible(_ count: Int, in scalars: String.UnicodeScalarView, dialect: LemmyDialect) -> Bool {
        let invisible = invisible(in: dialect)
        var seen = 0
        for scalar in scalars where !invisible.contains(scalar) {
            seen += 1
            if seen >= count { return true }
        }
        return false
    }

    private static func isLatinNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    /// One of 0.19's and 1.0's alphabets throughout: `[a-zA-Z0-9_]`, `[\p{Arabic}0-9_]` or
    /// `[\p{Cyrillic}0-9_]`. Matched per Unicode scalar, as Rust's `regex` does; a bare script
    /// name means its Script_Extensions in both `regex` and Swift.
    private static func isOneAlphabet(_ scalars: String.UnicodeScalarView) -> Bool {
        if scalars.allSatisfy(isLatinNameScalar) { return true }
        // Literals, checked by the compiler; made per call, as `Regex` is not `Sendable` (names
        // are checked once a sign-up or a new community).
        let text = String(scalars)
        let arabic = #/[0-9_\p{Arabic}]+/#.matchingSemantics(.unicodeScalar)
        let cyrillic = #/[0-9_\p{Cyrillic}]+/#.matchingSemantics(.unicodeScalar)
        return (try? arabic.wholeMatch(in: text)) != nil || (try? cyrillic.wholeMatch(in: text)) != nil
    }
}
