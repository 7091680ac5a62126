import Foundation
import LemmyConformance
import LemmyTestServer

/// The committed extracts (Tests/Fixtures/openapi), loaded once.
enum Descriptions {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/openapi")

    static let all: [String: OpenAPIDescription] = {
        var result: [String: OpenAPIDescription] = [:]
        for name in ["mvgh-0.18.3", "mvgh-0.19.11", "shadone-v3-0.19.11", "shadone-v4-1.0.0-pre"] {
            result[name] = try? OpenAPIDescription(contentsOf: directory.appendingPathComponent("\(name).json"))
        }
        return result
    }()

    /// The descriptions a dialect is checked against: the first is the primary one.
    static func names(for dialect: LemmyDialect) -> [String] {
        switch dialect {
        case .v0_18: ["mvgh-0.18.3"]
        case .v0_19: ["mvgh-0.19.11", "shadone-v3-0.19.11"]
        // thunder-1.0.0 is not used: its info.version is 0.20.0-search-combined.1, a pre-release
        // before the 1.0 renames (it still has actor_id, published, counts), so nearly every
        // member differs from 1.0. summit-1.0.0-beta.1 is kept for comparison only.
        case .v1_0: ["shadone-v4-1.0.0-pre"]
        }
    }

    static func `for`(_ dialect: LemmyDialect) -> [OpenAPIDescription] {
        names(for: dialect).compactMap { all[$0] }
    }
}
