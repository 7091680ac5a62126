/// Emits an enum with associated values for a tagged (`type_`) or externally tagged union.
enum UnionEmitter {
    static func emit(_ type: APIType, _ context: EmitContext) -> String {
        let name = "Api\(type.name)"
        let enumCases = EnumEmitter.cases(type.cases ?? [], context)
        let payloads = (type.cases ?? []).map { c -> String in
            context.swiftType((try? TSParser.parseType(c.payload ?? "any")) ?? .primitive("any"), key: nil)
        }
        var out = SwiftEmitter.typeDoc(type, context)
        out += "public indirect enum \(name): Codable, Hashable, Sendable {\n"
        for (c, payload) in zip(enumCases, payloads) {
            var doc = type.tag.map { "`\($0)`: `\(c.spellings[0])`." } ?? "Key `\(c.spellings[0])`."
            if let note = context.availability(c.versions, within: type.versions) { doc += " " + note }
            out += SwiftNaming.doc(doc, indent: "    ")
            out += "    case \(SwiftNaming.escaped(c.name))(\(payload))\n"
        }
        out += "    /// A variant this version of LemmyKit does not know; keeps its tag.\n"
        out += "    case unknown(String)\n\n"
        if let tag = type.tag {
            out += "    /// Decodes by the `\(tag)` discriminator; the payload's members sit beside it.\n"
            out += "    public init(from decoder: any Decoder) throws {\n"
            out += "        let container = try decoder.container(keyedBy: LemmyAnyKey.self)\n"
            out += "        let tag = try container.decode(String.self, forKey: LemmyAnyKey(\(SwiftNaming.literal(tag))))\n"
            out += "        switch tag {\n"
            for (c, payload) in zip(enumCases, payloads) {
                out +=
                    "        case " + c.spellings.map(SwiftNaming.literal).joined(separator: ", ")
                    + ": self = .\(SwiftNaming.escaped(c.name))(try \(payload)(from: decoder))\n"
            }
            out += "        default: self = .unknown(tag)\n        }\n    }\n\n"
            out += "    /// Encodes the payload and its `\(tag)` discriminator side by side.\n"
            out += "    public func encode(to encoder: any Encoder) throws {\n"
            out += "        let tag: String\n        switch self {\n"
            for c in enumCases {
                out += "        case .\(SwiftNaming.escaped(c.name))(let value):\n"
                out += "            try value.encode(to: encoder)\n"
                out += "            tag = \(SwiftNaming.literal(c.spellings[0]))\n"
            }
            out += "        case .unknown(let value): tag = value\n        }\n"
            out += "        var container = encoder.container(keyedBy: LemmyAnyKey.self)\n"
            out += "        try container.encode(tag, forKey: LemmyAnyKey(\(SwiftNaming.literal(tag))))\n    }\n}\n"
        } else {
            out += "    /// Decodes `{\"Key\": payload}`.\n"
            out += "    public init(from decoder: any Decoder) throws {\n"
            out += "        let container = try decoder.container(keyedBy: LemmyAnyKey.self)\n"
            for (c, payload) in zip(enumCases, payloads) {
                out +=
                    "        if let value = try container.decodeIfPresent(\(payload).self, forKey: LemmyAnyKey(\(SwiftNaming.literal(c.spellings[0])))) {\n"
                out += "            self = .\(SwiftNaming.escaped(c.name))(value)\n            return\n        }\n"
            }
            out += "        self = .unknown(container.allKeys.first?.stringValue ?? \"\")\n    }\n\n"
            out += "    /// Encodes `{\"Key\": payload}`.\n"
            out += "    public func encode(to encoder: any Encoder) throws {\n"
            out += "        var container = encoder.container(keyedBy: LemmyAnyKey.self)\n        switch self {\n"
            for c in enumCases {
                out +=
                    "        case .\(SwiftNaming.escaped(c.name))(let value): try container.encode(value, forKey: LemmyAnyKey(\(SwiftNaming.literal(c.spellings[0]))))\n"
            }
            out += "        case .unknown(let key): try container.encodeNil(forKey: LemmyAnyKey(key))\n        }\n    }\n}\n"
        }
        return out
    }
}
