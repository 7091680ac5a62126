import Foundation
import Testing

/// Every ```swift block in the README, the DocC articles and the `///` comments of Sources/ is a
/// compiled sample of this target.
///
/// A block is preceded by `<!-- sample: NAME -->`, and a function in `Samples/` holds the same
/// code between `// sample: NAME` and `// end-sample`; whitespace aside the two must be equal.
/// A fragment that cannot compile on its own is marked `<!-- sample: none, reason -->`.
@Suite struct DocumentationSampleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose samples are checked: the README and every article of these catalogues.
    static let catalogues = [
        "HTTPLoading", "HTTPLoadingTesting", "HTTPLoadingAsyncHTTPClient", "FeedLoading", "LemmyAPI",
        "Resources", "ResourcesGRDB", "LemmyTestServer", "LemmyMiddleware", "LemmyCLI", "LemmyMiddlewareGRDB",
        "LemmyMiddlewareUI", "ResourcesUI",
    ]

    static func documents() throws -> [(path: String, text: String)] {
        var paths = ["README.md"]
        for module in catalogues {
            let folder = "Sources/\(module)/\(module).docc"
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        let documents = try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
        return documents + (try docComments())
    }

    /// The `///` comments of every hand-written Swift file under Sources/, one document per
    /// file: each comment line without its `///`, every other line blank, so line numbers match.
    static func docComments() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var documents: [(path: String, text: String)] = []
        for case let relative as String in files where relative.hasSuffix(".swift") && !relative.contains("/Generated/") {
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            guard text.contains("```swift") else { continue }
            let comments = text.components(separatedBy: "\n").map { line -> String in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else { return "" }
                let body = trimmed.dropFirst(3)
                return String(body.hasPrefix(" ") ? body.dropFirst() : body)
            }
            documents.append(("Sources/\(relative)", comments.joined(separator: "\n")))
        }
        return documents.sorted { $0.path < $1.path }
    }

    static func compiledSamples() throws -> (samples: [String: String], duplicates: [String]) {
        let folder = root.appendingPathComponent("Tests/DocumentationSampleTests/Samples")
        var all: [String: String] = [:]
        var duplicates: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
            let found = SampleExtraction.samples(inSwift: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            duplicates += found.duplicates + found.samples.keys.filter { all[$0] != nil }
            all.merge(found.samples) { first, _ in first }
        }
        return (all, duplicates)
    }

    @Test func everySwiftBlockIsACompiledSample() throws {
        let compiled = try Self.compiledSamples()
        #expect(compiled.duplicates == [], "sample names used twice")
        var checked = 0
        for document in try Self.documents() {
            for block in SampleExtraction.blocks(in: document.text, file: document.path) where !block.isExempt {
                let place = "\(block.file):\(block.line)"
                guard let name = block.marker else {
                    Issue.record("\(place): a swift block without <!-- sample: NAME --> (or <!-- sample: none, reason -->)")
                    continue
                }
                guard let sample = compiled.samples[name] else {
                    Issue.record("\(place): no `// sample: \(name)` in Tests/DocumentationSampleTests/Samples")
                    continue
                }
                #expect(
                    SampleExtraction.normalized(block.code) == SampleExtraction.normalized(sample),
                    "\(place): the block differs from the compiled sample \(name)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test func extractionFindsMarkersAndFlagsUnmarkedBlocks() {
        let markdown = """
            <!-- sample: one -->
            ```swift
            let a = 1
            ```
            ```swift
            let b = 2
            ```
            <!-- sample: none, a fragment -->

            ```swift
            x
            ```
            ```sh
            ls
            ```
            """
        let blocks = SampleExtraction.blocks(in: markdown, file: "t.md")
        #expect(blocks.map(\.marker) == ["one", nil, "none, a fragment"])
        #expect(blocks.map(\.isExempt) == [false, false, true])
        #expect(blocks[0].code == "let a = 1")
        let swift = """
            // sample: one
                let  a = 1
            // end-sample
            """
        let samples = SampleExtraction.samples(inSwift: swift).samples
        #expect(SampleExtraction.normalized(samples["one"] ?? "") == SampleExtraction.normalized(blocks[0].code))
        #expect(SampleExtraction.normalized("let a = 2") != SampleExtraction.normalized(blocks[0].code))
        #expect(SampleExtraction.normalized("import Foundation\n\nlet a = 1") == SampleExtraction.normalized(blocks[0].code))
    }
}
