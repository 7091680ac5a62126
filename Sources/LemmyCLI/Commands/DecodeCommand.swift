import ArgumentParser
import Foundation
import LemmyAPI

/// `lemmy decode TYPE FILE`: checks a JSON file against a LemmyAPI type.
struct DecodeCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a JSON file as a LemmyAPI type; print a summary, or the coding path and reason it fails.",
        discussion: "TYPE is e.g. GetPostsResponse, PostView or ApiGetSiteResponse. Exit status 65 when it does not decode.")

    @OptionGroup var output: OutputOptions

    @Argument(help: "The type name, with or without the Api prefix.")
    var type: String

    @Argument(help: "The JSON file.", completion: .file())
    var file: String

    @Option(name: .long, help: "The Lemmy version the JSON came from (0.18, 0.19 or 1.0): picks enum spellings and key names.")
    var version: String?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try execute() }
    }

    private func execute() throws(CLIFailure) {
        guard let (name, decode) = DecodeTypeTable.lookup(type) else {
            let close = DecodeTypeTable.types.keys.filter { $0.lowercased().contains(type.lowercased()) }.sorted().prefix(5)
            throw CLIFailure(
                "unknown type `\(type)`"
                    + (close.isEmpty ? "; e.g. GetPostsResponse, PostView" : "; did you mean \(close.joined(separator: ", "))?"),
                status: .usage)
        }
        let generation = try version.map(Self.generation)
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CLIFailure("reading \(file) failed: \(CLIFailure.shorten(error.localizedDescription)); check the path", status: .usage)
        }
        let value: any Sendable
        do {
            value = try decode(data, generation)
        } catch let failure as LemmyDecodingFailure {
            let path = failure.codingPath.isEmpty ? "<root>" : failure.codingPath
            if output.json {
                try JSONOutput.print(DecodeOutput(type: name, file: file, ok: false, path: path, reason: failure.reason))
            }
            throw CLIFailure(
                "\(file) is not a valid \(name): at \(path): \(CLIFailure.shorten(failure.reason, limit: 240))", status: .badData)
        } catch {
            throw CLIFailure("decoding \(file) failed: \(CLIFailure.shorten("\(error)"))", status: .badData)
        }
        if output.json {
            try JSONOutput.print(DecodeOutput(type: name, file: file, ok: true, path: nil, reason: nil))
            return
        }
        let width = TerminalWidth.current()
        Console.out("\(file): a valid \(name) (\(data.count) bytes)")
        for line in ValueSummary.lines(of: value, width: width) { Console.out(line) }
    }

    /// The API generation of a version string.
    static func generation(_ version: String) throws(CLIFailure) -> LemmyAPIGeneration {
        let text = version.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "v"))
        if text.hasPrefix("0.18") || text.hasPrefix("0.19") { return .v3 }
        if text.hasPrefix("1") { return .v4 }
        throw CLIFailure("unsupported --version `\(version)`; use 0.18, 0.19 or 1.0", status: .usage)
    }
}

/// `lemmy decode --json` output.
struct DecodeOutput: Codable, Sendable {
    var type: String
    var file: String
    var ok: Bool
    var path: String?
    var reason: String?
}
