import Foundation
/// The Markdown table of the routes each dialect serves, for the catalogue's `Routes` article.
///
/// Written by `scripts/generate-route-table.sh`; `RouteTableTests` fails when the committed
/// table differs, so a new route cannot land without its row.
package enum RouteTable {
    /// Marks the start of the generated part of the article; the prose around it is hand-written.
    package static let beginMarker = "<!-- BEGIN GENERATED ROUTE TABLE: scripts/generate-route-table.sh -->"
    /// Marks the end of the generated part.
    package static let endMarker = "<!-- END GENERATED ROUTE TABLE -->"

    /// One row per method and path, a column per dialect.
    package static func markdown(dialects: [LemmyDialect] = LemmyDialect.allCases) -> String {
        let served = dialects.map { Set(LemmyTestServer.servedRoutes(dialect: $0)) }
        let all = served.reduce(into: Set<ServedRoute>()) { $0.formUnion($1) }.sorted()
        var lines = [
            "| method | path | " + dialects.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|---|" + String(repeating: "---|", count: dialects.count),
        ]
        for route in all {
            let marks = served.map { $0.contains(route) ? "yes" : "" }
            lines.append("| \(route.method) | `\(route.path)` | " + marks.joined(separator: " | ") + " |")
        }
        let counts = zip(dialects, served).map { "\($0.rawValue): \($1.count)" }.joined(separator: ", ")
        lines.append("")
        lines.append("Routes per dialect: \(counts).")
        return lines.joined(separator: "\n")
    }

    /// `article` with the text between the markers replaced by `table`, or nil without the markers.
    package static func replacingTable(in article: String, with table: String) -> String? {
        guard let begin = article.range(of: beginMarker), let end = article.range(of: endMarker),
            begin.upperBound <= end.lowerBound
        else { return nil }
        return String(article[..<begin.upperBound]) + "\n" + table + "\n" + String(article[end.lowerBound...])
    }
}
