import Foundation
import LemmyAPIGeneratorCore

/// The lemmy-js-client tags the union is built from, oldest first. `main` is lemmy-js-client's
/// main branch (1.0 development after 1.0.0-beta.1).
let defaultTags = ["0.18.0", "0.18.1", "0.18.3-rc.3", "0.19.0", "0.19.4", "0.19.6", "0.19.9", "0.19.13-beta.1", "1.0.0-beta.1", "main"]

let usage = """
    usage:
      LemmyAPIGenerator describe <lemmy-js-client git dir> [--tags a,b,c] [--out api/lemmy-api.json]
      LemmyAPIGenerator emit [--description api/lemmy-api.json] [--out Sources/LemmyAPI/Generated] [--coverage Sources/LemmyAPI/COVERAGE.md]
      LemmyAPIGenerator middleware [--spec scripts/middleware-models.spec] [--out Sources/LemmyMiddleware/Generated]
    """

func option(_ name: String, in arguments: [String], default value: String) -> String {
    if let i = arguments.firstIndex(of: name), i + 1 < arguments.count { return arguments[i + 1] }
    return value
}

/// Writes `files` into `out`, removing Swift files there that `files` no longer has.
func write(_ files: [String: String], to out: String) throws {
    let directory = URL(fileURLWithPath: out)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for existing in try FileManager.default.contentsOfDirectory(atPath: out) where existing.hasSuffix(".swift") && files[existing] == nil {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(existing))
    }
    for (name, text) in files {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
}

func run() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else { throw GeneratorError(usage) }
    switch command {
    case "describe":
        guard arguments.count >= 2 else { throw GeneratorError(usage) }
        let reader = GitSnapshotReader(gitDirectory: arguments[1])
        let tags = option("--tags", in: arguments, default: defaultTags.joined(separator: ",")).split(separator: ",").map(String.init)
        let sources = try tags.map { try reader.source(at: $0) }
        let description = try DescriptionBuilder.build(sources) { FileHandle.standardError.write(Data(("note: " + $0 + "\n").utf8)) }
        let out = option("--out", in: arguments, default: "api/lemmy-api.json")
        try DescriptionFile.encode(description).write(to: URL(fileURLWithPath: out))
        print(
            "wrote \(out): \(description.types.count) types, \(description.endpoints.count) endpoints, \(description.errors.count) error codes"
        )
    case "emit":
        let path = option("--description", in: arguments, default: "api/lemmy-api.json")
        let description = try DescriptionFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        let out = option("--out", in: arguments, default: "Sources/LemmyAPI/Generated")
        let files = try SwiftEmitter.emit(description)
        try write(files, to: out)
        let coverage = option("--coverage", in: arguments, default: "Sources/LemmyAPI/COVERAGE.md")
        try Data(CoverageEmitter.markdown(description).utf8).write(to: URL(fileURLWithPath: coverage))
        print("wrote \(files.count) files to \(out) and \(coverage)")
    case "middleware":
        let path = option("--spec", in: arguments, default: "scripts/middleware-models.spec")
        let spec = try MiddlewareSpec.parse(String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8))
        let out = option("--out", in: arguments, default: "Sources/LemmyMiddleware/Generated")
        let files = MiddlewareModelEmitter.emit(spec)
        try write(files, to: out)
        print("wrote \(files.count) files to \(out)")
    default:
        throw GeneratorError(usage)
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
