/// Emits a ``LemmyStringEnum`` for a string-literal union.
enum EnumEmitter {
    struct Case {
        var name: String
        var v3: String
        var v4: String
        var newestIsV4: Bool
        var versions: [String]
        var spellings: [String]
    }

    static func cases(_ cases: [APICase], _ context: EmitContext) -> [Case] {
        var used: Set<String> = ["unknown"]
        return cases.map { c in
            let versions = c.values.flatMap(\.versions)
            let v3 = c.values.first { context.all($0.versions, are: "v3") }?.key
            let v4 = c.values.first { context.all($0.versions, are: "v4") }?.key
            let any = c.values[0].key
            let v3Spelling = v3 ?? (any.contains("_") || any.first?.isLowercase == true ? SwiftNaming.pascal(any) : any)
            let v4Spelling = v4 ?? snakeCase(any)
            var name = SwiftNaming.camel(c.values.last!.key)
            if used.contains(name) { name += "Value" }
            used.insert(name)
            let newestVersion = context.order.last { versions.contains($0) } ?? ""
            var spellings: [String] = []
            for s in c.values.map(\.key) + [v3Spelling, v4Spelling] where !spellings.contains(s) { spellings.append(s) }
            return Case(
                name: name, v3: v3Spelling, v4: v4Spelling, newestIsV4: context.generationOf[newestVersion] == "v4",
                versions: versions, spellings: spellings)
        }
    }

    static func emit(_ type: APIType, _ context: EmitContext) -> String {
        let all = cases(type.cases ?? [], context)
        let name = "Api\(type.name)"
        var out = SwiftEmitter.typeDoc(type, context)
        out += "public enum \(name): LemmyStringEnum, LemmyQueryValue {\n"
        for c in all {
            var doc = "`\(c.v3)` / `\(c.v4)`."
            if let note = context.availability(c.versions, within: type.versions) { doc += " " + note }
            out += SwiftNaming.doc(doc, indent: "    ")
            out += "    case \(SwiftNaming.escaped(c.name))\n"
        }
        out += "    /// A value this version of LemmyKit does not know, kept as sent.\n"
        out += "    case unknown(String)\n\n"
        out += "    /// Every known case.\n"
        out +=
            "    public static let knownCases: [\(name)] = [" + all.map { "." + SwiftNaming.escaped($0.name) }.joined(separator: ", ")
            + "]\n\n"
        out += "    /// Maps a PascalCase or snake_case spelling to its case.\n"
        out += "    public init(wireValue: String) {\n        switch wireValue {\n"
        for c in all {
            out +=
                "        case " + c.spellings.map(SwiftNaming.literal).joined(separator: ", ")
                + ": self = .\(SwiftNaming.escaped(c.name))\n"
        }
        out += "        default: self = .unknown(wireValue)\n        }\n    }\n\n"
        out += "    /// The spelling for `generation` (PascalCase for v3, snake_case for v4; nil: newest).\n"
        out += "    public func wireValue(for generation: LemmyAPIGeneration?) -> String {\n        switch self {\n"
        for c in all {
            let value: String
            if c.v3 == c.v4 {
                value = SwiftNaming.literal(c.v3)
            } else if c.newestIsV4 {
                value = "generation == .v3 ? \(SwiftNaming.literal(c.v3)) : \(SwiftNaming.literal(c.v4))"
            } else {
                value = "generation == .v4 ? \(SwiftNaming.literal(c.v4)) : \(SwiftNaming.literal(c.v3))"
            }
            out += "        case .\(SwiftNaming.escaped(c.name)): return \(value)\n"
        }
        out += "        case .unknown(let value): return value\n        }\n    }\n\n"
        out += "    /// The spelling `version` uses; nil when the version does not have the case.\n"
        out += "    public func wireValue(in version: LemmyAPIVersion) -> String? {\n        switch self {\n"
        for c in all {
            let spelling: String
            if c.v3 == c.v4 || context.all(c.versions, are: "v3") {
                spelling = SwiftNaming.literal(c.v3)
            } else if context.all(c.versions, are: "v4") {
                spelling = SwiftNaming.literal(c.v4)
            } else {
                spelling = "(version.generation == .v4 ? \(SwiftNaming.literal(c.v4)) : \(SwiftNaming.literal(c.v3)))"
            }
            if Set(c.versions).isSuperset(of: context.order) {
                out += "        case .\(SwiftNaming.escaped(c.name)): return \(spelling)\n"
            } else {
                out +=
                    "        case .\(SwiftNaming.escaped(c.name)): return \(context.mask(c.versions)).contains(version) ? \(spelling) : nil\n"
            }
        }
        out += "        case .unknown(let value): return value\n        }\n    }\n}\n"
        return out
    }
}
