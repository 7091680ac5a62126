/// Emits a struct for an object type.
enum ObjectEmitter {
    struct Property {
        var name: String
        var swiftType: String
        var optional: Bool
        var keys: [VersionedKey]
        var doc: String
        var caseNames: [String]
    }

    static func properties(_ type: APIType, _ context: EmitContext) -> [Property] {
        let generics = Set(type.generics ?? [])
        var used: Set<String> = []
        return (type.members ?? []).map { member in
            let key = member.keys[0].key
            var name = SwiftNaming.camel(key)
            while used.contains(name) { name += "_" }
            used.insert(name)
            let newest = context.newest(member.types)
            let ts = (try? TSParser.parseType(newest.ts)) ?? .primitive("any")
            let swiftType = context.swiftType(ts, key: key, generics: generics)
            let mapped = Set(member.types.compactMap { try? TSParser.parseType($0.ts) }.map { context.swiftType($0, key: key, generics: generics) })
            // `auth` (0.18 JWT) is always optional: a raw client fills it on 0.18 and clears it on 0.19+.
            let optional = key == "auth" || !member.optionalIn.isEmpty || Set(member.versions) != Set(type.versions)
            var doc = member.doc ?? "The `\(key)` member."
            if let note = context.availability(member.versions, within: type.versions) { doc += "\n\n" + note }
            if member.keys.count > 1 {
                let older = member.keys.dropFirst().map { "`\($0.key)` (\(context.range($0.versions)))" }.joined(separator: ", ")
                doc += "\n\nDecoded from `\(key)` or " + older + "."
            }
            if mapped.count > 1 {
                doc += "\n\nTypeScript type varies: " + member.types.map { "`\($0.ts)` (\(context.range($0.versions)))" }.joined(separator: ", ") + "."
            }
            let caseNames = member.keys.indices.map { $0 == 0 ? name : "\(name.trimmingCharacters(in: ["`"]))Key\($0)" }
            return Property(name: name, swiftType: swiftType, optional: optional, keys: member.keys, doc: doc, caseNames: caseNames)
        }
    }

    static func emit(_ type: APIType, _ context: EmitContext) -> String {
        let props = properties(type, context)
        let generics = type.generics.map { "<" + $0.map { "\($0): Codable & Hashable & Sendable" }.joined(separator: ", ") + ">" } ?? ""
        var out = SwiftEmitter.typeDoc(type, context)
        out += "public struct Api\(type.name)\(generics): Codable, Hashable, Sendable {\n"
        for p in props {
            out += SwiftNaming.doc(p.doc, indent: "    ")
            out += "    public var \(SwiftNaming.escaped(p.name)): \(p.swiftType)\(p.optional ? "?" : "")\n"
        }
        // Memberwise initializer.
        out += "\n    /// Creates a value.\n"
        let params = props.map { "\(SwiftNaming.escaped($0.name)): \($0.swiftType)\($0.optional ? "? = nil" : "")" }
        out += "    public init(" + params.joined(separator: ", ") + ") {\n"
        for p in props { out += "        self.\(p.name.trimmingCharacters(in: ["`"])) = \(SwiftNaming.escaped(p.name))\n" }
        out += "    }\n"
        guard !props.isEmpty else { return out + "}\n" }
        out += "\n    enum CodingKeys: String, CodingKey {\n"
        for p in props {
            for (i, key) in p.keys.enumerated() {
                out += "        case \(SwiftNaming.escaped(p.caseNames[i])) = \(SwiftNaming.literal(key.key))\n"
            }
        }
        out += "    }\n"
        if props.contains(where: { $0.keys.count > 1 }) { out += mergedCoding(props) }
        return out + "}\n"
    }

    private static func mergedCoding(_ props: [Property]) -> String {
        var out = "\n    /// Decodes, accepting every spelling of renamed keys.\n"
        out += "    public init(from decoder: any Decoder) throws {\n"
        out += "        let container = try decoder.container(keyedBy: CodingKeys.self)\n"
        for p in props {
            let target = "self.\(p.name.trimmingCharacters(in: ["`"]))"
            let keys = "[" + p.caseNames.map { "." + $0 }.joined(separator: ", ") + "]"
            switch (p.keys.count > 1, p.optional) {
            case (false, false): out += "        \(target) = try container.decode(\(p.swiftType).self, forKey: .\(p.caseNames[0]))\n"
            case (false, true): out += "        \(target) = try container.decodeIfPresent(\(p.swiftType).self, forKey: .\(p.caseNames[0]))\n"
            case (true, false): out += "        \(target) = try container.decodeMerged(\(p.swiftType).self, keys: \(keys))\n"
            case (true, true): out += "        \(target) = try container.decodeMergedIfPresent(\(p.swiftType).self, keys: \(keys))\n"
            }
        }
        out += "    }\n\n"
        out += "    /// Encodes renamed keys under the spelling of the encoder's generation (default: newest).\n"
        out += "    public func encode(to encoder: any Encoder) throws {\n"
        out += "        var container = encoder.container(keyedBy: CodingKeys.self)\n"
        for p in props {
            let value = "self.\(p.name.trimmingCharacters(in: ["`"]))"
            let key = p.keys.count > 1 ? "encoder.lemmyMergedKey(current: .\(p.caseNames[0]), legacy: .\(p.caseNames[p.caseNames.count - 1]))" : ".\(p.caseNames[0])"
            out += "        try container.encode\(p.optional ? "IfPresent" : "")(\(value), forKey: \(key))\n"
        }
        return out + "    }\n"
    }
}
