import Foundation
import LemmyAPIGeneratorCore

/// Reads lemmy-js-client sources at a tag from a bare git directory with `git`.
struct GitSnapshotReader {
    /// The git directory (a bare mirror or a `.git`).
    var gitDirectory: String

    func source(at ref: String) throws -> VersionSource {
        let listing = try git("ls-tree", "--name-only", "\(ref):src/types")
        var files: [String: String] = [:]
        for file in listing.split(separator: "\n") where file.hasSuffix(".ts") && file != "index.ts" {
            files[String(file)] = try git("show", "\(ref):src/types/\(file)")
        }
        let http = try git("show", "\(ref):src/http.ts")
        let versionFile = try files["others.ts"] ?? git("show", "\(ref):src/other_types.ts")
        return VersionSource(name: ref, typeFiles: files, http: http, versionFile: versionFile)
    }

    private func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--git-dir", gitDirectory] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GeneratorError("git \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A fatal generator error with a message.
struct GeneratorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
