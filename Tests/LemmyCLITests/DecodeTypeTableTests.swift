import Foundation
@testable import LemmyCLI
import Testing

/// `lemmy decode` knows its types from a hand-kept table; this keeps it in step with the generator.
@Suite("decode type table")
struct DecodeTypeTableTests {
    @Test("Every generated Api…Response type (except the generic page) is in the table")
    func tableCoversGeneratedResponses() throws {
        let generated = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LemmyAPI/Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path)
            .filter { $0.hasPrefix("Api") && $0.hasSuffix("Response.swift") }
            .map { String($0.dropLast(".swift".count)) }
            .filter { $0 != "ApiPagedResponse" }
        #expect(names.count > 50)
        let missing = names.filter { DecodeTypeTable.types[$0] == nil }
        #expect(missing.isEmpty, "add to DecodeTypeTable: \(missing.sorted())")
    }
}
