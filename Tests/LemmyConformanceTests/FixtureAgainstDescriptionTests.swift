import Foundation
import LemmyConformance
import LemmyTestServer
import Testing

/// JSON written by real Lemmy servers (Tests/Fixtures/lemmy, text replaced) checked against the outside
/// descriptions of their version. The real payloads are the ground truth: whatever they break is
/// a fault of the description, and must be in ``ConformanceExceptions`` with that reason.
@Suite("Real fixtures against the outside descriptions")
struct FixtureAgainstDescriptionTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/lemmy")

    struct Case: Sendable, CustomTestStringConvertible {
        var dialect: LemmyDialect
        var file: String
        /// The response schema the file holds (from its name, `..._GetPostsResponse_...`).
        var schema: String
        var testDescription: String { file }
    }

    /// Whole responses of a named type (fragments and trimmed files are left out).
    static let cases: [Case] = {
        var cases: [Case] = []
        // v0.19-dev holds snapshots of a 0.19 pre-release (aggregates with `id` and `hot_rank`,
        // `person.admin`), older than any 0.19 description; it is left out.
        for (folder, dialect) in [("v0.18", LemmyDialect.v0_18), ("v0.19", .v0_19)] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted()
            where name.hasSuffix(".json") && !name.contains("fragment") && !name.contains("trimmed") && !name.contains("siteview-only") {
                let stem = name.dropLast(5).split(separator: "_")
                guard let type = stem.first(where: { $0.hasSuffix("Response") }) else { continue }
                cases.append(Case(dialect: dialect, file: "\(folder)/\(name)", schema: String(type)))
            }
        }
        return cases
    }()

    @Test("The vendored fixtures are there to check")
    func fixturesArePresent() {
        #expect(!Self.cases.isEmpty, "no response fixtures under \(Self.fixtures.path)")
    }

    @Test(arguments: cases)
    func realPayloadsBreakOnlyReviewedExceptions(_ testCase: Case) throws {
        let body = try JSONValue.parse(Data(contentsOf: Self.fixtures.appendingPathComponent(testCase.file)))
        var checked = 0
        for description in Descriptions.for(testCase.dialect) {
            guard description.schemas[testCase.schema] != nil else { continue }
            let violations = description.checker().check(body, againstSchemaNamed: testCase.schema)
            var used: Set<String> = []
            let unexplained = ResponseConformanceTests.unexplained(violations, description: description.name, route: "fixture", used: &used)
            for line in SchemaViolation.summary(unexplained) {
                Issue.record(Comment(rawValue: "\(testCase.file) vs \(description.name): \(line)"))
            }
            checked += 1
        }
        #expect(checked > 0, "no description of \(testCase.dialect) names \(testCase.schema)")
    }
}
