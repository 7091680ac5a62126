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

    @Test("Every server correction names a member the description has, and makes it optional only in its versions")
    func serverCorrectionsApply() throws {
        let description = try DescriptionFile.decode(Data(contentsOf: Self.checkout.appendingPathComponent("api/lemmy-api.json")))
        let corrected = ServerCorrections.apply(description)
        #expect(!ServerCorrections.omitted.isEmpty)
        for correction in ServerCorrections.omitted {
            func member(_ d: APIDescription) -> APIMember? {
                d.types.first { $0.name == correction.type }?.members?.first { $0.keys.contains { $0.key == correction.key } }
            }
            let before = try #require(member(description), "\(correction.type).\(correction.key) is not in the description")
            let after = try #require(member(corrected))
            let covered = before.versions.filter { $0.hasPrefix(correction.versions) }
            #expect(!covered.isEmpty, "\(correction.type).\(correction.key) has no \(correction.versions) version")
            #expect(Set(after.optionalIn) == Set(before.optionalIn).union(covered))
        }
    }

    @Test("Every retyped call names an endpoint the description has, whose form or answer becomes the type real servers use")
    func retypedCallsApply() throws {
        let description = try DescriptionFile.decode(Data(contentsOf: Self.checkout.appendingPathComponent("api/lemmy-api.json")))
        let corrected = ServerCorrections.apply(description)
        #expect(!ServerCorrections.retyped.isEmpty)
        for retype in ServerCorrections.retyped {
            let endpoint = try #require(
                corrected.endpoints.first { $0.generation == retype.generation && $0.name == retype.name },
                "\(retype.generation) \(retype.name) is not in the description: lemmy-js-client renamed it?")
            if retype.form { #expect(endpoint.request?.map(\.ts) == [retype.type]) }
            if retype.response { #expect(endpoint.response.map(\.ts) == [retype.type]) }
            #expect(endpoint.correction != nil)
            // A named type must be one the description declares in the call's versions.
            if retype.type != "object" {
                let declared = try #require(corrected.types.first { $0.name == retype.type }, "\(retype.type) is not declared")
                #expect(Set(endpoint.versions).isSubset(of: Set(declared.versions)), "\(retype.type) lacks versions of \(retype.name)")
            }
        }
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

    @Test("A member whose form changes shape gets a union of its forms; interchangeable forms keep one type")
    func memberUnions() throws {
        let old = """
            export interface Settings { show?: boolean; url?: string; blocks: Array<BlockView>; instance: Instance }
            export interface BlockView { person: Thing; thing: Thing }
            export interface Thing { id: number; name: string }
            export interface Instance { id: number; domain: string }
            """
        let new = """
            export type VoteShow = "show" | "hide";
            export type DbUrl = string;
            export interface Settings { show?: VoteShow; url?: DbUrl; blocks: Array<Thing>; instance: InstanceWithState }
            export interface Thing { id: number; name: string }
            export interface InstanceWithState { id: number; domain: string; state?: string }
            """
        let description = try DescriptionBuilder.build([
            VersionSource(name: "0.19.9", typeFiles: ["T.ts": old], http: "", versionFile: ""),
            VersionSource(name: "1.0.0", typeFiles: ["T.ts": new], http: "", versionFile: #"export const VERSION = "v4";"#),
        ])
        let settings = try #require(try SwiftEmitter.emit(description)["ApiSettings.swift"])
        // boolean against an enum: a union, newest form first, each with its versions.
        #expect(settings.contains("public var show: Show?\n"))
        #expect(settings.contains("public enum Show: LemmyVersionedUnion {"))
        #expect(settings.contains("case voteShow(ApiVoteShow)\n        /// `boolean`, the form of 0.19.9.\n        case boolean(Bool)"))
        #expect(
            settings.contains("case .voteShow: LemmyVersionSet(rawValue: 0b10)")
                && settings.contains("case .boolean: LemmyVersionSet(rawValue: 0b01)"))
        // Objects of other shapes, inside arrays both versions share: an array of a union.
        #expect(settings.contains("public var blocks: [BlocksElement]\n"))
        #expect(settings.contains("case thing(ApiThing)") && settings.contains("case blockView(ApiBlockView)"))
        // An alias of the same scalar, and an object with only optional extras, stay one type.
        #expect(settings.contains("public var url: ApiDbUrl?\n"))
        #expect(settings.contains("public var instance: ApiInstanceWithState\n"))
        #expect(!settings.contains("enum Url") && !settings.contains("enum Instance"))
    }
}
