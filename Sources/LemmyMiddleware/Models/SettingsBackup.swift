public import Foundation
internal import LemmyAPI

/// A backup of an account's profile texts, settings, follows, saved posts and comments, and
/// blocks, as its server wrote it (Lemmy 0.19 and later; ``ApiClient/exportSettings()``), to keep
/// as a file and import later into this account or another, on this instance or another
/// (``ApiClient/importSettings(_:)``).
///
/// Lemmy asks clients to keep the backup as it is and not to parse it, so this holds the JSON
/// object whole. Each version writes its own members (0.19's `blocked_instances`, 1.0's
/// `blocking_keywords`, ...) and reads what it knows of another's, with one exception: 0.19
/// refuses a backup whose settings are not a whole 0.19 account (a 1.0 backup's, or one from
/// before 0.19.11 on a later 0.19), which ``ApiClient/importSettings(_:)`` then leaves out.
public struct SettingsBackup: Sendable, Hashable {
    /// The backup as JSON text, to write to a file. Its members are sorted; numbers keep their
    /// value to 2^53, beyond which JSON's doubles round (no member of a Lemmy backup comes near).
    public let json: Data
    /// The object, as the import sends it.
    let value: LemmyJSONValue

    /// The largest backup an import sends: actix-web's default JSON limit (2 MiB), which neither
    /// 0.19 nor 1.0 raises; a larger one would be refused after using up the day's import.
    public static let maximumImportBytes = 2 << 20
    /// How deeply a backup may nest: a Lemmy backup nests three levels, and a bound keeps
    /// comparing, hashing and encoding a hostile one from recursing without end.
    static let maximumDepth = 16

    /// Reads a backup from a file's bytes.
    /// - Throws: ``ApiClientError/Kind/invalidInput`` unless `json` is one JSON object.
    public init(json: Data) throws(ApiClientError) {
        let value: LemmyJSONValue
        do {
            value = try JSONDecoder().decode(LemmyJSONValue.self, from: json)
        } catch {
            throw .invalidInput("a settings backup is one JSON object, and this does not read as JSON: \(Self.describe(error))")
        }
        try self.init(value: value, invalid: ApiClientError.invalidInput)
    }

    /// The backup `value` holds; `invalid` makes the error for a value that is not one (a file's
    /// fault or a server's).
    init(value: LemmyJSONValue, invalid: (String) -> ApiClientError) throws(ApiClientError) {
        guard case .object = value else { throw invalid("a settings backup is one JSON object") }
        guard Self.depth(of: value) <= Self.maximumDepth else {
            throw invalid("a settings backup nests more than \(Self.maximumDepth) levels deep")
        }
        self.value = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            json = try encoder.encode(value)
        } catch {
            throw invalid("the settings backup does not encode as JSON: \(error)")
        }
    }

    /// How deeply `value` nests, counted without recursion.
    static func depth(of value: LemmyJSONValue) -> Int {
        var deepest = 0
        var pending = [(value, 1)]
        while let (next, level) = pending.popLast() {
            deepest = max(deepest, level)
            guard level <= maximumDepth else { return level }
            switch next {
            case .array(let items): pending += items.map { ($0, level + 1) }
            case .object(let members): pending += members.values.map { ($0, level + 1) }
            default: break
            }
        }
        return deepest
    }

    /// A decoding error's gist, with where in the text it is.
    private static func describe(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
    }

    /// Two backups are equal when they hold the same object.
    public static func == (a: SettingsBackup, b: SettingsBackup) -> Bool { a.value == b.value }

    /// Hashes the object.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What ``ApiClient/importSettings(_:)`` sent of a backup.
public struct SettingsImport: Sendable, Hashable {
    /// Whether the backup's settings were left out: a 0.19 server refuses the whole import when
    /// they are not a whole 0.19 account (another version's backup), so the texts and lists were
    /// imported without them.
    public var leftOutSettings: Bool
}
