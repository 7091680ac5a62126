import Foundation
import LemmyConformance
import LemmyTestServer

/// The committed extracts (Tests/Fixtures/openapi), loaded once.
enum Descriptions {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/openapi")

    static let all: [String: OpenAPIDescription] = {
        var result: [String: OpenAPIDescription] = [:]
        for name in ["mvgh-0.18.3", "mvgh-0.19.11", "shadone-v3-0.19.11", "shadone-v4-1.0.0-pre", "thunder-1.0.0"] {
            result[name] = try? OpenAPIDescription(contentsOf: directory.appendingPathComponent("\(name).json"))
        }
        return result
    }()

    /// The descriptions a dialect is checked against: the first is the primary one.
    static func names(for dialect: LemmyDialect) -> [String] {
        switch dialect {
        case .v0_18: ["mvgh-0.18.3"]
        case .v0_19: ["mvgh-0.19.11", "shadone-v3-0.19.11"]
        case .v1_0: ["shadone-v4-1.0.0-pre", "thunder-1.0.0"]
        }
    }

    static func `for`(_ dialect: LemmyDialect) -> [OpenAPIDescription] {
        names(for: dialect).compactMap { all[$0] }
    }
}
