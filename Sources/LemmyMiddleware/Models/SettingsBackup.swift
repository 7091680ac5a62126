public import Foundation
internal import LemmyAPI

/// A backup of an account's profile texts, settings, follows, saved posts and comments, and
/// blocks, as its server wrote it (Lemmy 0.19 and later; ``ApiClient/exportSettings()``), to keep
/// as a file and import later into this account or another, on this instance or another
/// (``ApiClient/importSettings(_:)``).
///
/// Lemmy asks clients to keep the backup as it is and not to parse it, and each version writes
/// its own members (0.19's `blocked_instances`, 1.0's `blocking_keywords`, ...): so this holds the
/// JSON object whole, and a backup of one version imports into another, which reads what it knows.
public struct SettingsBackup: Sendable, Hashable {
    /// The backup as JSON text, to write to a file. Its members are sorted; numbers keep their
    /// value to 2^53, beyond which JSON's doubles round (no member of a Lemmy backup comes near).
    public let json: Data
    /// The object, as the import sends it.
    let value: LemmyJSONValue

    /// Reads a backup from a file's bytes.
    /// - Throws: ``ApiClientError/Kind/decoding`` unless `json` is one JSON object.
    public init(json: Data) throws(ApiClientError) {
        let value: LemmyJSONValue
        do {
            value = try JSONDecoder().decode(LemmyJSONValue.self, from: json)
        } catch {
            throw .decoding("a settings backup is one JSON object: \(error)")
        }
        try self.init(value: value)
    }

    /// The backup `value` holds; throws unless it is an object.
    init(value: LemmyJSONValue) throws(ApiClientError) {
        guard case .object = value else { throw .decoding("a settings backup is one JSON object") }
        self.value = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            json = try encoder.encode(value)
        } catch {
            throw .decoding("the settings backup does not encode as JSON: \(error)")
        }
    }

    /// Two backups are equal when they hold the same object.
    public static func == (a: SettingsBackup, b: SettingsBackup) -> Bool { a.value == b.value }

    /// Hashes the object.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
