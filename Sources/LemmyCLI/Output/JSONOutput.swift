public import Foundation

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
        Console.outJSON(try render(value))
    }

    /// `value` as the JSON ``print(_:)`` writes.
    ///
    /// JSONEncoder escapes C0 controls but writes DEL, C1 controls and bidi controls as they are;
    /// those can only occur inside strings, so they are escaped as `\uXXXX` too: the JSON decodes
    /// to exactly the same value, and printing it cannot drive a terminal.
    public static func render(_ value: some Encodable) throws(CLIFailure) -> String {
        let data: Data
        do { data = try encoder().encode(value) } catch {
            throw CLIFailure("writing JSON failed: \(error)", status: .software)
        }
        return escapedForTerminal(String(decoding: data, as: UTF8.self))
    }

    /// JSON `text` with DEL, C1 and bidi controls written as `\uXXXX` (see ``render(_:)``): the
    /// same value, which a terminal can print safely.
    static func escapedForTerminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TerminalText.needsWork) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if TerminalText.needsWork(scalar), scalar != "\n" {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
