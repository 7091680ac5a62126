/// A value whose JSON form depends on the Lemmy version: the generated type of a member whose
/// TypeScript type changed shape between versions (`SaveUserSettings.show_downvotes` is a
/// `boolean` in 0.19 and a `VoteShow` in 1.0). Each case holds one version range's form.
///
/// Decoding accepts every version's form (the newest first); a strict decoder (see
/// ``LemmyVersionedCoding``) accepts only its version's form, as that version's server does.
/// Encoding for a target version writes the value only when its case is that version's form and
/// throws ``LemmyVersionError`` (``LemmyVersionError/Kind-swift.enum/form``) otherwise, so a
/// request never carries a form the server would refuse.
public protocol LemmyVersionedUnion: Codable, Hashable, Sendable {
    /// The versions that use this value's form.
    var versions: LemmyVersionSet { get }
    /// The TypeScript type of this value's form (`boolean`, `VoteShow`).
    var formName: String { get }
}

/// Shared decoding and encoding steps of the generated ``LemmyVersionedUnion`` types.
public enum LemmyVersionedUnionCoding {
    /// Whether a decoder tries the form of `versions`: a tolerant decoder tries every form; a
    /// strict one only its version's, unless that version has none of the forms in `all`
    /// (a version that does not describe the type), where every form is tried.
    public static func tries(_ versions: LemmyVersionSet, of all: LemmyVersionSet, strict: LemmyAPIVersion?) -> Bool {
        guard let strict, all.contains(strict) else { return true }
        return versions.contains(strict)
    }

    /// The error after every tried form failed: the one failure itself when a single form was
    /// tried (a strict decoder: serde's "invalid type"), else one naming each form's failure.
    public static func failure(
        _ failures: [(form: String, error: any Error)], typeName: String, decoder: any Decoder
    ) -> any Error {
        if failures.count == 1 { return failures[0].error }
        let reasons = failures.map { "`\($0.form)`: \(reason($0.error))" }.joined(separator: "; ")
        return DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(typeName) matches none of its forms (\(reasons))"))
    }

    /// Refuses to encode `value` for a target version that uses another form.
    public static func checkForm<Value: LemmyVersionedUnion>(_ value: Value, of all: LemmyVersionSet, encoder: any Encoder) throws {
        guard let target = encoder.lemmyVersionedCoding, all.contains(target.version), !value.versions.contains(target.version) else {
            return
        }
        throw LemmyVersionError(kind: .form, typeName: String(describing: Value.self), name: value.formName, version: target.version)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, _): "not a \(type)"
        case DecodingError.keyNotFound(let key, _): "no `\(key.stringValue)`"
        case DecodingError.valueNotFound(_, _): "null"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
