/// Emits `encodeLemmyJSON(to:target:)`, the fast path of `LemmyFastEncoding` (see
/// `LemmyFastEncodable` in LemmyAPI), for objects, enums and unions.
///
/// The encoders mirror the types' `encode(to:)` for a `JSONEncoder` whose `userInfo` holds a
/// `LemmyVersionedCoding`: the target version's key of a renamed member, members the version
/// lacks left out (or refused), enum spellings of the version. Wherever `encode(to:)` throws (a
/// member the version requires has no value, a member or enum case or form the version lacks
/// when refusing) or could write something else (two members under one key, a key that needs
/// escaping, a union payload that is not a plain object), they throw `LemmyJSONBail` and
/// `JSONEncoder` encodes instead.
enum FastEncoderEmitter {
    /// The extension for `type`, or "" for kinds that need none (aliases resolve to conforming types).
    static func emit(_ type: APIType, _ context: EmitContext) -> String {
        switch type.kind {
        case .object: return object(type, context)
        case .enum: return "\nextension Api\(type.name): LemmyFastEncodable {}\n"
        case .taggedUnion: return taggedUnion(type, context)
        case .externalUnion: return externalUnion(type, context)
        case .alias, .null: return ""
        }
    }

    private static let bail = FastPathHeader.bail

    private static func header(_ type: APIType) -> String {
        FastPathHeader.open(
            type, conformingTo: "LemmyFastEncodable",
            doc: "Writes what `encode(to:)` writes for `target`; gives up where it would throw or might differ.",
            signature: "func encodeLemmyJSON(to w: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail)")
    }

    /// Whether `key` can be written between quotes as it is (JSON needs no escape in it).
    static func isPlain(_ key: String) -> Bool {
        !key.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// `w.member("\"key\":")`.
    private static func member(_ key: String) -> String { "w.member(\(SwiftNaming.literal("\"" + key + "\":")))" }

    private static func object(_ type: APIType, _ context: EmitContext) -> String {
        let props = ObjectEmitter.properties(type, context)
        var out = header(type)
        let keys = props.flatMap { $0.keys.map(\.key) }
        guard keys.allSatisfy(isPlain) else { return out + "        \(bail)\n    }\n}\n" }
        let clashes = clashingVersions(props, context)
        if !clashes.isEmpty { out += "        if \(context.mask(clashes)).contains(target.version) { \(bail) }\n" }
        out += "        w.beginObject()\n"
        for p in props {
            // Optionals are tested and then written through optional chaining, which reads the
            // stored value in place; `if let` copied it (a retain and release per reference).
            let value = "self.\(p.name.trimmingCharacters(in: ["`"]))"
            if !p.optional {
                out += write(p, value: value, indent: "        ", context)
            } else if p.limited || p.partlyRequired {
                // `lemmyEncodeIfPresent`: a value the version lacks is left out (or refused); no
                // value where the version requires one is an error when rendering.
                out += "        if \(value) != nil {\n"
                if Set(p.versions).isSuperset(of: context.order) {
                    out += write(p, value: value + "?", indent: "            ", context)
                } else {
                    out += "            if \(context.mask(p.versions)).contains(target.version) {\n"
                    out += write(p, value: value + "?", indent: "                ", context)
                    out += "            } else if target.absentMembers == .reject {\n                \(bail)\n            }\n"
                }
                if p.required.isEmpty {
                    out += "        }\n"
                } else {
                    out += "        } else if target.absentMembers == .omit && \(context.mask(p.required)).contains(target.version) {\n"
                    out += "            \(bail)\n        }\n"
                }
            } else {
                out += "        if \(value) != nil {\n" + write(p, value: value + "?", indent: "            ", context) + "        }\n"
            }
        }
        out += "        w.endObject()\n    }\n}\n"
        for p in props { if let union = p.union { out += memberUnion(union, owner: "Api\(type.name)", context) } }
        return out
    }

    /// The key (the target version's, for a renamed member) and the value.
    private static func write(_ p: ObjectEmitter.Property, value: String, indent: String, _ context: EmitContext) -> String {
        let encode = "\(indent)try \(value).encodeLemmyJSON(to: &w, target: target)\n"
        let picks = keyIndices(p, context)
        guard Set(picks.values).count > 1 else { return "\(indent)\(member(p.keys[picks.values.first ?? 0].key))\n" + encode }
        var out = ""
        let used = Array(Set(picks.values)).sorted()
        for (n, index) in used.enumerated() {
            let versions = context.order.filter { picks[$0] == index }
            if n == used.count - 1 {
                out += "\(indent)} else {\n"
            } else {
                out += "\(indent)\(n == 0 ? "" : "} else ")if \(context.mask(versions)).contains(target.version) {\n"
            }
            out += "\(indent)    \(member(p.keys[index].key))\n"
        }
        return out + "\(indent)}\n" + encode
    }

    /// For each version, the index of the key `encoder.lemmyKey` picks: the first key of that
    /// version, else the generation's (the last, legacy key for v3; the first for v4).
    private static func keyIndices(_ p: ObjectEmitter.Property, _ context: EmitContext) -> [String: Int] {
        guard p.keys.count > 1 else { return Dictionary(uniqueKeysWithValues: context.order.map { ($0, 0) }) }
        var picks: [String: Int] = [:]
        for version in context.order {
            if let index = p.keys.firstIndex(where: { $0.versions.contains(version) }) {
                picks[version] = index
            } else {
                picks[version] = context.generationOf[version] == "v3" ? p.keys.count - 1 : 0
            }
        }
        return picks
    }

    /// Versions in which two members could be written under one key (`JSONEncoder` would keep
    /// one of them): the fast path gives up there.
    private static func clashingVersions(_ props: [ObjectEmitter.Property], _ context: EmitContext) -> [String] {
        let picks = props.map { keyIndices($0, context) }
        return context.order.filter { version in
            var seen: Set<String> = []
            for (p, pick) in zip(props, picks) {
                let writes = !p.optional || !(p.limited || p.partlyRequired) || p.versions.contains(version)
                if writes, !seen.insert(p.keys[pick[version] ?? 0].key).inserted { return true }
            }
            return false
        }
    }

    /// A member union writes its value's form, and gives up where `checkForm` would throw.
    private static func memberUnion(_ union: MemberUnion, owner: String, _ context: EmitContext) -> String {
        var out = "\nextension \(owner).\(union.typeName): LemmyFastEncodable {\n"
        out += "    /// Writes the value's form; gives up when the target version uses another form.\n"
        out += "    func encodeLemmyJSON(to w: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {\n"
        out += "        try checkFastForm(of: Self.allVersions, target: target)\n"
        out += "        switch self {\n"
        for form in union.forms {
            out += "        case .\(SwiftNaming.escaped(form.caseName))(let value): try value.encodeLemmyJSON(to: &w, target: target)\n"
        }
        return out + "        }\n    }\n}\n"
    }

    /// The payload's members, then the discriminator in the same object, as `encode(to:)` puts
    /// them in one container. A payload that is not an object type, or that has a member under
    /// the discriminator's key, gives up.
    private static func taggedUnion(_ type: APIType, _ context: EmitContext) -> String {
        let cases = EnumEmitter.cases(type.cases ?? [], context)
        let tag = type.tag ?? "type_"
        var out = header(type)
        guard isPlain(tag) else { return out + "        \(bail)\n    }\n}\n" }
        out += "        switch self {\n"
        for (c, apiCase) in zip(cases, type.cases ?? []) {
            guard plainObject(apiCase.payload, without: tag, context) else {
                out += "        case .\(SwiftNaming.escaped(c.name)):\n            \(bail)\n"
                continue
            }
            out += "        case .\(SwiftNaming.escaped(c.name))(let value):\n"
            out += "            let start = w.count\n"
            out += "            try value.encodeLemmyJSON(to: &w, target: target)\n"
            out += "            try w.reopenObject(from: start)\n"
            out += "            \(member(tag))\n"
            out += "            w.string(\(SwiftNaming.literal(c.spellings[0])))\n"
        }
        out += "        case .unknown(let value):\n"
        out += "            w.beginObject()\n            \(member(tag))\n            w.string(value)\n"
        out += "        }\n        w.endObject()\n    }\n}\n"
        return out
    }

    /// Whether `payload` names an object type none of whose keys is `tag`.
    private static func plainObject(_ payload: String?, without tag: String, _ context: EmitContext) -> Bool {
        guard let payload, case .ref(let name, let args)? = try? TSParser.parseType(payload), args.isEmpty,
            let type = context.types[name], type.kind == .object
        else { return false }
        return !(type.members ?? []).contains { $0.keys.contains { $0.key == tag } }
    }

    /// `{"Key": payload}`; an unknown value is `{"key": null}`, as `encode(to:)` writes it.
    private static func externalUnion(_ type: APIType, _ context: EmitContext) -> String {
        let cases = EnumEmitter.cases(type.cases ?? [], context)
        var out = header(type)
        out += "        w.beginObject()\n        switch self {\n"
        for c in cases {
            if isPlain(c.spellings[0]) {
                out += "        case .\(SwiftNaming.escaped(c.name))(let value):\n"
                out += "            \(member(c.spellings[0]))\n"
                out += "            try value.encodeLemmyJSON(to: &w, target: target)\n"
            } else {
                out += "        case .\(SwiftNaming.escaped(c.name)):\n            \(bail)\n"
            }
        }
        out += "        case .unknown(let key):\n            w.member(key: key)\n            w.null()\n"
        out += "        }\n        w.endObject()\n    }\n}\n"
        return out
    }
}
