import Foundation

/// Prints `--json` output: sorted snake_case keys and ISO 8601 dates, so the output is stable
/// from run to run and easy to read with `jq`.
public enum JSONOutput {
    /// The encoder every `--json` output uses.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder that reads it back (for tests and scripts written in Swift).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Writes `value` to standard output.
    public static func print(_ value: some Encodable) throws(CLIFailure) {
        do {
            let data = try encoder().encode(value)
            Console.out(String(decoding: data, as: UTF8.self))
        } catch {
            throw CLIFailure("writing JSON failed: \(error)", status: .software)
        }
    }
}
