/// Emits a struct for an object type.
enum ObjectEmitter {
    struct Property {
        var name: String
        var swiftType: String
        var optional: Bool
        var keys: [VersionedKey]
        var doc: String
        var caseNames: [String]
        /// Versions that have the member (under any key).
        var versions: [String]
        /// Versions that require it (present and neither `?:` nor `| null`); `auth` never.
        var required: [String]
        /// Whether some version of the type lacks the member.
        var limited: Bool
        /// Whether some version of the type requires the member while another does not.
        var partlyRequired: Bool
        /// The union of its forms, when its type changed shape between versions.
        var union: MemberUnion? = nil
        /// Whether it holds a secret: a `SensitiveString` in some version of lemmy-js-client, or
        /// 0.18's `auth` (the token).
        var sensitive = false
        /// Whether the member needs version-aware coding.
        var versioned: Bool { keys.count > 1 || (optional && (limited || partlyRequired)) }
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
            let union = MemberUnion.make(member, propertyName: name, key: key, generics: generics, context)
            let swiftType = union?.memberType ?? context.swiftType(ts, key: key, generics: generics)
            let mapped = Set(
                member.types.compactMap { try? TSParser.parseType($0.ts) }.map { context.swiftType($0, key: key, generics: generics) })
            // `auth` (0.18 JWT) is always optional: a raw client fills it on 0.18 and clears it on 0.19+.
            let optional = key == "auth" || !member.optionalIn.isEmpty || Set(member.versions) != Set(type.versions)
            var doc = member.doc ?? "The `\(key)` member."
            if let note = context.availability(member.versions, within: type.versions) { doc += "\n\n" + note }
            if member.keys.count > 1 {
                let older = member.keys.dropFirst().map { "`\($0.key)` (\(context.range($0.versions)))" }.joined(separator: ", ")
                doc += "\n\nDecoded from `\(key)` or " + older + "."
            }
            if mapped.count > 1 {
                doc +=
                    "\n\nTypeScript type varies: "
                    + member.types.map { "`\($0.ts)` (\(context.range($0.versions)))" }.joined(separator: ", ") + "."
            }
            if let union {
                doc +=
                    "\n\nOne Swift type cannot hold every form, so it is `\(union.typeName)`: encoding for a version refuses a form that version does not use."
            }
            let caseNames = member.keys.indices.map { $0 == 0 ? name : "\(name.trimmingCharacters(in: ["`"]))Key\($0)" }
            let required = key == "auth" ? [] : member.versions.filter { !member.optionalIn.contains($0) }
            // A version that does not describe the type at all (HidePost before 0.19.9, though
            // 0.19.4 servers have it) says nothing about its members: they count as present there.
            let unknown = context.order.filter { !type.versions.contains($0) }
            let limited = Set(member.versions) != Set(type.versions)
            return Property(
                name: name, swiftType: swiftType, optional: optional, keys: member.keys, doc: doc, caseNames: caseNames,
                versions: member.versions + unknown, required: required, limited: limited,
                partlyRequired: !required.isEmpty && Set(required) != Set(type.versions), union: union,
                sensitive: key == "auth" || member.types.contains { $0.ts.contains("SensitiveString") })
        }
    }

    /// An empty value of an object whose members are all optional, for a default argument in
    /// another file. Not `.init()`: for such a struct Swift also synthesizes an internal
    /// initializer without arguments, which a public default argument cannot name.
    static func emptyValue(_ props: [Property]) -> String {
        props.first.map { ".init(\(SwiftNaming.escaped($0.name)): nil)" } ?? ".init()"
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
        for p in props { if let union = p.union { out += union.emit(owner: "Api\(type.name)", key: p.keys[0].key, context) } }
        guard !props.isEmpty else { return out + "\n    /// Creates a value.\n    public init() {\n    }\n}\n" }
        // No initializer is written in the struct itself, so Swift synthesizes the memberwise one
        // the fast decoder builds values with; this property makes it private and gives it
        // another name than the public initializer's (see `LemmyMemberwise`).
        out += "    /// Keeps the synthesized memberwise initializer, which the fast decoder uses, private.\n"
        out += "    private var _memberwise = LemmyMemberwise()\n"
        out += "\n    enum CodingKeys: String, CodingKey {\n"
        for p in props {
            for (i, key) in p.keys.enumerated() {
                out += "        case \(SwiftNaming.escaped(p.caseNames[i])) = \(SwiftNaming.literal(key.key))\n"
            }
        }
        out += "    }\n}\n"
        out += "\nextension Api\(type.name) {\n"
        out += "    /// Creates a value.\n"
        let params = props.map { "\(SwiftNaming.escaped($0.name)): \($0.swiftType)\($0.optional ? "? = nil" : "")" }
        out += "    public init(" + params.joined(separator: ", ") + ") {\n"
        for p in props { out += "        self.\(p.name.trimmingCharacters(in: ["`"])) = \(SwiftNaming.escaped(p.name))\n" }
        out += "    }\n"
        if props.contains(where: \.versioned) { out += versionedCoding(props, typeName: "Api\(type.name)", context) }
        out += "}\n"
        if props.contains(where: \.sensitive) { out += redaction(props, typeName: "Api\(type.name)") }
        return out
    }

    /// A mirror that shows every member but the sensitive ones (see `LemmyRedaction`): `print`,
    /// string interpolation, `dump` and debuggers describe a value through it.
    private static func redaction(_ props: [Property], typeName: String) -> String {
        var out = "\nextension \(typeName): CustomReflectable {\n"
        out += "    /// The members, with the sensitive ones' values redacted.\n"
        out += "    public var customMirror: Mirror {\n"
        out += "        let children: [Mirror.Child] = [\n"
        for p in props {
            let name = p.name.trimmingCharacters(in: ["`"])
            let value = p.sensitive ? "LemmyRedaction.Redacted()" : "self.\(name) as Any"
            out += "            (\(SwiftNaming.literal(name)), \(value)),\n"
        }
        out += "        ]\n"
        out += "        return Mirror(self, children: children, displayStyle: .struct)\n"
        out += "    }\n"
        return out + "}\n"
    }

    /// `init(from:)` and `encode(to:)` that know every version's keys and members.
    ///
    /// Decoding accepts every version's spelling unless the decoder is strict (see
    /// `LemmyVersionedCoding`); encoding writes the target version's key and leaves out, or
    /// refuses, what that version lacks.
    private static func versionedCoding(_ props: [Property], typeName: String, _ context: EmitContext) -> String {
        var out = "\n    /// Decodes every version's keys; as strictly as one version when the decoder names it.\n"
        out += "    public init(from decoder: any Decoder) throws {\n"
        out += "        let container = try decoder.container(keyedBy: CodingKeys.self)\n"
        if props.contains(where: \.versioned) { out += "        let strict = decoder.lemmyStrictVersion\n" }
        for p in props {
            let target = "self.\(p.name.trimmingCharacters(in: ["`"]))"
            let keyList =
                "[" + p.keys.indices.map { "(.\(p.caseNames[$0]), \(context.mask(p.keys[$0].versions)))" }.joined(separator: ", ") + "]"
            switch (p.keys.count > 1, p.optional) {
            case (false, false):
                out += "        \(target) = try container.decode(\(p.swiftType).self, forKey: .\(p.caseNames[0]))\n"
            case (false, true) where !p.versioned:
                out += "        \(target) = try container.decodeIfPresent(\(p.swiftType).self, forKey: .\(p.caseNames[0]))\n"
            case (false, true):
                out +=
                    "        \(target) = try container.lemmyDecodeIfPresent(\(p.swiftType).self, forKey: .\(p.caseNames[0]), in: \(context.mask(p.versions)), required: \(context.mask(p.required)), strict: strict)\n"
            case (true, false):
                out += "        \(target) = try container.lemmyDecodeMerged(\(p.swiftType).self, keys: \(keyList), strict: strict)\n"
            case (true, true):
                out +=
                    "        \(target) = try container.lemmyDecodeMergedIfPresent(\(p.swiftType).self, keys: \(keyList), required: \(context.mask(p.required)), strict: strict)\n"
            }
        }
        out += "    }\n\n"
        out += "    /// Encodes under the target version's keys, without the members it lacks (see `LemmyVersionedCoding`).\n"
        out += "    public func encode(to encoder: any Encoder) throws {\n"
        out += "        var container = encoder.container(keyedBy: CodingKeys.self)\n"
        if props.contains(where: { $0.keys.count > 1 || ($0.optional && ($0.limited || $0.partlyRequired)) }) {
            out += "        let target = encoder.lemmyVersionedCoding\n"
        }
        for p in props {
            let value = "self.\(p.name.trimmingCharacters(in: ["`"]))"
            var key = ".\(p.caseNames[0])"
            if p.keys.count > 1 {
                let keyList =
                    "[" + p.keys.indices.map { "(.\(p.caseNames[$0]), \(context.mask(p.keys[$0].versions)))" }.joined(separator: ", ") + "]"
                key =
                    "encoder.lemmyKey(\(keyList), target: target, current: .\(p.caseNames[0]), legacy: .\(p.caseNames[p.caseNames.count - 1]))"
            }
            if !p.optional {
                out += "        try container.encode(\(value), forKey: \(key))\n"
            } else if p.limited || p.partlyRequired {
                out +=
                    "        try container.lemmyEncodeIfPresent(\(value), forKey: \(key), in: \(context.mask(p.versions)), required: \(context.mask(p.required)), target: target, typeName: \(SwiftNaming.literal(typeName)))\n"
            } else {
                out += "        try container.encodeIfPresent(\(value), forKey: \(key))\n"
            }
        }
        return out + "    }\n"
    }
}
