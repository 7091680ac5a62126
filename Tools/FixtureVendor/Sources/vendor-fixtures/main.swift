import Foundation

// vendor-fixtures SOURCE DESTINATION
//
// Copies every `.json` file under SOURCE (Lemmy's captured API answers) to the same relative path
// under DESTINATION with the human-written text replaced (see ReplacementRules); every other byte is
// kept. Prints one line per file: its path and how many strings were replaced.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: vendor-fixtures SOURCE DESTINATION\n".utf8))
    exit(64)
}
let source = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let destination = URL(fileURLWithPath: arguments[2], isDirectory: true).standardizedFileURL
let fileManager = FileManager.default

var files: [String] = []
let enumerator = fileManager.enumerator(atPath: source.path)
while let path = enumerator?.nextObject() as? String {
    if path.hasSuffix(".json") { files.append(path) }
}
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("no .json files under \(source.path)\n".utf8))
    exit(66)
}

var failed = false
for file in files.sorted() {
    do {
        let data = try Data(contentsOf: source.appendingPathComponent(file))
        var replaced = 0
        var rewriter = JSONTextRewriter { text, location in
            guard let kind = ReplacementRules.kind(of: text, at: location, file: file) else { return nil }
            replaced += 1
            return ReplacementRules.replacement(for: text, kind: kind)
        }
        let output = try rewriter.rewrite(data)
        // The copy must still be JSON: a broken rewrite is an error, never a silent bad fixture.
        _ = try JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])
        let target = destination.appendingPathComponent(file)
        try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try output.write(to: target)
        print("\(file)\t\(replaced) strings replaced")
    } catch {
        FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
