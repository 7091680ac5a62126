public import Foundation

/// Reads and writes the committed JSON form of an ``APIDescription``.
public enum DescriptionFile {
    /// Stable, pretty JSON (sorted keys) so diffs stay readable.
    public static func encode(_ description: APIDescription) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(description)
        data.append(0x0A)
        return data
    }

    /// Decodes a description.
    public static func decode(_ data: Data) throws -> APIDescription {
        try JSONDecoder().decode(APIDescription.self, from: data)
    }
}
