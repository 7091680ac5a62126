import Foundation

/// A fenced ```swift block of a Markdown file and the sample name its marker gives.
struct DocumentedBlock: Equatable {
    /// `nil` when no `<!-- sample: ... -->` comment precedes the block.
    var marker: String?
    var code: String
    var file: String
    var line: Int

    /// `<!-- sample: none, reason -->` opts a fragment out of compiling.
    var isExempt: Bool { marker.map { $0 == "none" || $0.hasPrefix("none,") } ?? false }
}

/// Reads samples out of Markdown and Swift sources.
enum SampleExtraction {
    /// Every ```swift block of `markdown`, with the sample marker on the nearest non-blank line
    /// above it.
    static func blocks(in markdown: String, file: String) -> [DocumentedBlock] {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [DocumentedBlock] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            if language == "swift" {
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).isEmpty { above -= 1 }
                let marker = above >= 0 ? sampleName(inComment: lines[above]) : nil
                blocks.append(
                    DocumentedBlock(
                        marker: marker, code: lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n"),
                        file: file, line: index + 1))
            }
            index = end + 1
        }
        return blocks
    }

    /// `NAME` from `<!-- sample: NAME -->`, or nil when the line is no such comment.
    static func sampleName(inComment line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
        let inner = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("sample:") else { return nil }
        return inner.dropFirst("sample:".count).trimmingCharacters(in: .whitespaces)
    }

    /// The text between `// sample: NAME` and `// end-sample` lines of `swift`, by name.
    /// A name used twice is reported in `duplicates`.
    static func samples(inSwift swift: String) -> (samples: [String: String], duplicates: [String]) {
        var samples: [String: String] = [:]
        var duplicates: [String] = []
        var current: (name: String, lines: [String])?
        for line in swift.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// sample:") {
                current = (trimmed.dropFirst("// sample:".count).trimmingCharacters(in: .whitespaces), [])
            } else if trimmed == "// end-sample", let sample = current {
                if samples[sample.name] != nil { duplicates.append(sample.name) }
                samples[sample.name] = sample.lines.joined(separator: "\n")
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return (samples, duplicates)
    }

    /// Indentation, blank lines and runs of spaces do not count: the docs indent differently
    /// from a function body. Nor do `import` lines, which a block may show but a function body
    /// cannot hold (the sample's file imports the same modules).
    static func normalized(_ code: String) -> String {
        code.components(separatedBy: "\n")
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            .joined(separator: "\n")
    }
}
