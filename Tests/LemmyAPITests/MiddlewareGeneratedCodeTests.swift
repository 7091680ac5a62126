import Foundation
import LemmyAPIGeneratorCore
import Testing

@Suite("Middleware generator")
struct MiddlewareGeneratedCodeTests {
    static let checkout = GeneratedCodeTests.checkout

    @Test("The committed Sources/LemmyMiddleware/Generated equal emit(scripts/middleware-models.spec)")
    func generatedCodeIsCurrent() throws {
        let spec = try MiddlewareSpec.parse(
            String(contentsOf: Self.checkout.appendingPathComponent("scripts/middleware-models.spec"), encoding: .utf8))
        let files = MiddlewareModelEmitter.emit(spec)
        let directory = Self.checkout.appendingPathComponent("Sources/LemmyMiddleware/Generated")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(onDisk) == Set(files.keys))
        for (name, text) in files {
            let committed = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(committed == text, "\(name) is stale; run scripts/generate.sh")
        }
    }

    @Test("Spec lines: fields, tiers with protocols, trailing comments; a bad line is an error naming it")
    func parsing() throws {
        let spec = try MiddlewareSpec.parse(
            """
            # comment
            entity Thing : A, B
            tier 1
              let id: Int -- The id.   # trailing
              var tags: [String: Int]? -- Tags -- with dashes.
            tier 2 : C
              refs items: [Thing1] -- Items.
            """)
        let thing = try #require(spec.entities.first)
        #expect(thing.name == "Thing" && thing.protocols == ["A", "B"])
        #expect(thing.tiers.map(\.number) == [1, 2])
        #expect(thing.tiers[1].protocols == ["C"])
        #expect(thing.tiers[0].fields[0] == .init(kind: "let", name: "id", type: "Int", doc: "The id."))
        #expect(thing.tiers[0].fields[1] == .init(kind: "var", name: "tags", type: "[String: Int]?", doc: "Tags -- with dashes."))
        #expect(thing.tiers[0].fields[1].optional)
        #expect(thing.tiers[1].fields[0].kind == "refs")
        #expect(throws: MiddlewareSpecError.self) { try MiddlewareSpec.parse("entity X\ntier 1\n  let id Int -- no colon") }
        #expect(throws: MiddlewareSpecError.self) { try MiddlewareSpec.parse("  let id: Int -- before any entity") }
    }
}
