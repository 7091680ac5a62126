import Foundation
import LemmyAPIGeneratorCore
import Testing

@Suite("Generator")
struct GeneratedCodeTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("The committed Swift and COVERAGE.md equal emit(api/lemmy-api.json)")
    func generatedCodeIsCurrent() throws {
        let description = try DescriptionFile.decode(Data(contentsOf: Self.checkout.appendingPathComponent("api/lemmy-api.json")))
        let files = try SwiftEmitter.emit(description)
        let directory = Self.checkout.appendingPathComponent("Sources/LemmyAPI/Generated")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(onDisk) == Set(files.keys))
        for (name, text) in files {
            let committed = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(committed == text, "\(name) is stale; run scripts/generate-lemmy-api.sh")
        }
        let coverage = try String(contentsOf: Self.checkout.appendingPathComponent("Sources/LemmyAPI/COVERAGE.md"), encoding: .utf8)
        #expect(coverage == CoverageEmitter.markdown(description))
    }

    @Test("TypeScript parsing: interfaces, optional members, unions, tagged unions")
    func parser() throws {
        let decls = try TSParser.declarations(
            in: """
                // comment
                export type A = { x?: number; y: Array<B> | null };
                export type E = | "Hot" | "New";
                export type U = ({ type_: "post" } & PostView) | ({ type_: "comment" } & CommentView);
                export interface P<T> { items: Array<T>; next_page?: string }
                """)
        #expect(decls.map(\.name) == ["A", "E", "U", "P"])
        #expect(decls[0].type.text == "{ x?: number; y: Array<B> | null }")
        #expect(decls[1].type == .union([.literal("Hot"), .literal("New")]))
        #expect(decls[3].generics == ["T"])
    }

    @Test("Renamed keys merge; request forms keep both keys")
    func merging() throws {
        func source(_ name: String, _ types: String, _ http: String = "") -> VersionSource {
            VersionSource(name: name, typeFiles: ["T.ts": types], http: http, versionFile: "")
        }
        let http = "  getX(form: Form) {\n    return this.#wrapper<Form, Item>(HttpType.Get, \"/x\", form);\n  }\n"
        let d = try DescriptionBuilder.build([
            source("a", "export interface Item { published: string; actor_id: string }\nexport interface Form { published: string }", http),
            source(
                "b",
                "export interface Item { published_at: string; ap_id: string; extra?: number }\nexport interface Form { published_at: string }",
                http),
        ])
        let item = try #require(d.types.first { $0.name == "Item" })
        #expect(item.members?.map { $0.keys.map(\.key) } == [["published_at", "published"], ["ap_id", "actor_id"], ["extra"]])
        let form = try #require(d.types.first { $0.name == "Form" })
        #expect(form.members?.count == 2)
        #expect(d.endpoints.map(\.path) == ["/x"])
    }
}
