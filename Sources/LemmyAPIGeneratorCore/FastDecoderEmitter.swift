/// Emits `init(lemmyJSON:)` (and, for objects, `lemmyJSONValue(_:)`), the fast path of
/// `LemmyResponseDecoder` (see `LemmyFastDecodable` in LemmyAPI), for objects, enums and unions.
///
/// The decoders have the semantics of the types' `init(from:)` for an ordinary (not strict)
/// decoder, restricted to what is unambiguous: every version's keys are read, unknown keys are
/// skipped, a missing required member, a repeated key or a `null` where a value is required
/// throws `LemmyJSONBail` and `JSONDecoder` decodes instead. Keys are matched by length and then
/// by little-endian words of their bytes, without making strings.
enum FastDecoderEmitter {
    /// The extension for `type`, or "" for kinds that need none (aliases resolve to conforming types).
    static func emit(_ type: APIType, _ context: EmitContext) -> String {
        switch type.kind {
        case .object: return object(type, context)
        case .enum: return "\nextension Api\(type.name): LemmyFastDecodable {}\n"
        case .taggedUnion: return taggedUnion(type, context)
        case .externalUnion: return externalUnion(type, context)
        case .alias, .null: return ""
        }
    }

    private static let bail = FastPathHeader.bail

    private static func header(_ type: APIType) -> String {
        FastPathHeader.open(
            type, conformingTo: "LemmyFastDecodable",
            doc: "Reads every version's members from JSON bytes; gives up where `init(from:)` might differ.",
            signature: "init(lemmyJSON r: inout LemmyJSONReader) throws(LemmyJSONBail)")
    }

    private static func object(_ type: APIType, _ context: EmitContext) -> String {
        let props = ObjectEmitter.properties(type, context)
        guard !props.isEmpty else {
            var out = header(type)
            out += "        guard try r.peek() == UInt8(ascii: \"{\") else { \(bail) }\n"
            out += "        try r.skipValue()\n    }\n}\n"
            return out
        }
        // The initializer the protocol asks for wraps the static reader, which returns what the
        // memberwise initializer built; decoders call the static reader (see `LemmyMemberwise`).
        var out = FastPathHeader.open(
            type, conformingTo: "LemmyFastDecodable", doc: "Reads one value with ``lemmyJSONValue(_:)``.",
            signature: "init(lemmyJSON r: inout LemmyJSONReader) throws(LemmyJSONBail)")
        out += "        self = try Self.lemmyJSONValue(&r)\n    }\n\n"
        out += "    /// Reads every version's members from JSON bytes; gives up where `init(from:)` might differ.\n"
        out += "    static func lemmyJSONValue(_ r: inout LemmyJSONReader) throws(LemmyJSONBail) -> Self {\n"
        // One slot per key: its local variable and its bit in the seen masks.
        var slots: [(key: String, variable: String, prop: ObjectEmitter.Property)] = []
        for p in props {
            for (i, key) in p.keys.enumerated() { slots.append((key.key, variable(p, i), p)) }
        }
        let masks = (0..<((slots.count + 63) / 64)).map { "seen\($0)" }
        // A type holding other objects keeps what it has read in one value in memory, filled in
        // place by a function of its own: as separate locals, the optimizer carried each nested
        // object from one turn of the member loop to the next and copied them all at every
        // member (a post view's five, about 1.6 KB a member: a fifth of decoding a page of posts).
        let inMemory = slots.contains { context.isObject($0.prop.swiftType) }
        let holder = inMemory ? "m." : ""
        let declarations = slots.map { "        var \($0.variable): \($0.prop.swiftType)?\n" }.joined()
        for mask in masks { out += "        var \(mask): UInt64 = 0\n" }
        out += inMemory ? "        var m = LemmyJSONMembers()\n" : declarations
        var read: [String: String] = [:]
        for (n, slot) in slots.enumerated() {
            let mark = "try LemmyJSONReader.mark(&seen\(n / 64), 1 << \(n % 64))"
            let value: String
            if slot.prop.optional {
                value = "\(holder)\(slot.variable) = try r.consumeNull() ? nil : \(slot.prop.swiftType).lemmyJSONValue(&r)"
            } else {
                value = "\(holder)\(slot.variable) = try \(slot.prop.swiftType).lemmyJSONValue(&r)"
            }
            read[slot.key] = mark + "\n" + value
        }
        out += "        var more = try r.beginObject()\n"
        out += "        while more {\n"
        if inMemory {
            out += "            try lemmyJSONMember(&m, " + masks.map { "&\($0), " }.joined() + "&r)\n"
        } else {
            out += "            let key = try r.key()\n"
            out += keySwitch(read, indent: "            ", unknown: "try r.skipValue()")
        }
        out += "            more = try r.nextMember()\n"
        out += "        }\n"
        var arguments: [String] = []
        for p in props {
            // One key: `consume` (or `take()` from the members in memory) moves the value into
            // place; without it each value was copied into `self` and the local destroyed after
            // (about 5% of decoding a page of posts). `??` takes its right side in a closure,
            // which cannot consume. A plain value is copied either way, and `consume` on it only
            // draws a warning.
            let values: String
            if p.keys.count == 1 {
                let name = holder + variable(p, 0)
                values = context.isPlainValue(p.swiftType) ? name : inMemory ? "\(name).take()" : "consume \(name)"
            } else {
                values = p.keys.indices.map { holder + variable(p, $0) }.joined(separator: " ?? ")
            }
            arguments.append(
                "            \(SwiftNaming.escaped(p.name)): " + (p.optional ? values : "try LemmyJSONReader.required(\(values))"))
        }
        arguments.append("            _memberwise: LemmyMemberwise()")
        out += "        return Self(\n" + arguments.joined(separator: ",\n") + ")\n"
        out += "    }\n"
        if inMemory {
            out += "\n    /// The members ``lemmyJSONValue(_:)`` has read so far.\n"
            out += "    struct LemmyJSONMembers {\n" + declarations + "    }\n\n"
            out += "    /// Reads one member into `m`. Not inlined, so that `m` stays in memory.\n"
            out += "    @inline(never)\n"
            out += "    static func lemmyJSONMember(_ m: inout LemmyJSONMembers, "
            out += masks.map { "_ \($0): inout UInt64, " }.joined()
            out += "_ r: inout LemmyJSONReader) throws(LemmyJSONBail) {\n"
            out += "        let key = try r.key()\n"
            out += keySwitch(read, indent: "        ", unknown: "try r.skipValue()")
            out += "    }\n"
        }
        out += "}\n"
        for p in props { if let union = p.union { out += memberUnion(union, owner: "Api\(type.name)") } }
        return out
    }

    /// A member union (``MemberUnion``) tries each version's form, newest first, from the same
    /// position, as its `init(from:)` does for a tolerant decoder; the reader is a value, so a
    /// copy is the position to go back to.
    private static func memberUnion(_ union: MemberUnion, owner: String) -> String {
        var out = "\nextension \(owner).\(union.typeName): LemmyFastDecodable {\n"
        out += "    /// Reads the first form, newest first, that the bytes hold; gives up when none does.\n"
        out += "    init(lemmyJSON r: inout LemmyJSONReader) throws(LemmyJSONBail) {\n"
        out += "        let start = r\n"
        for form in union.forms {
            out += "        if let value = try? \(form.swiftType).lemmyJSONValue(&r) {\n"
            out += "            self = .\(form.caseName)(value)\n            return\n        }\n"
            out += "        r = start\n"
        }
        return out + "        \(bail)\n    }\n}\n"
    }

    private static func taggedUnion(_ type: APIType, _ context: EmitContext) -> String {
        let cases = EnumEmitter.cases(type.cases ?? [], context)
        var out = header(type)
        out += "        let tag = try r.tag(\(SwiftNaming.literal(type.tag ?? "type_")))\n"
        out += "        switch tag {\n"
        for (c, payload) in zip(cases, payloads(type, context)) {
            out += "        case " + c.spellings.map(SwiftNaming.literal).joined(separator: ", ")
            out += ": self = .\(SwiftNaming.escaped(c.name))(try \(payload).lemmyJSONValue(&r))\n"
        }
        out += "        default:\n            try r.skipValue()\n            self = .unknown(tag)\n        }\n"
        return out + "    }\n}\n"
    }

    /// `{"Key": payload}`: the first case (in declaration order) with a non-null value wins, as in
    /// `init(from:)`; any other key gives up (its `unknown` value depends on key order).
    private static func externalUnion(_ type: APIType, _ context: EmitContext) -> String {
        let cases = EnumEmitter.cases(type.cases ?? [], context)
        let payloads = payloads(type, context)
        var out = header(type)
        out += "        var seen0: UInt64 = 0\n"
        for (i, payload) in payloads.enumerated() { out += "        var case\(i): \(payload)?\n" }
        out += "        var more = try r.beginObject()\n        while more {\n            let key = try r.key()\n"
        var read: [String: String] = [:]
        for (i, (c, payload)) in zip(cases, payloads).enumerated() {
            read[c.spellings[0]] =
                "try LemmyJSONReader.mark(&seen0, 1 << \(i))\ncase\(i) = try r.consumeNull() ? nil : \(payload).lemmyJSONValue(&r)"
        }
        out += keySwitch(read, indent: "            ", unknown: bail)
        out += "            more = try r.nextMember()\n        }\n"
        for (i, c) in cases.enumerated() {
            out += "        \(i == 0 ? "" : "} else ")if let case\(i) {\n"
            out += "            self = .\(SwiftNaming.escaped(c.name))(case\(i))\n"
        }
        out += "        } else {\n            \(bail)\n        }\n"
        return out + "    }\n}\n"
    }

    private static func payloads(_ type: APIType, _ context: EmitContext) -> [String] {
        (type.cases ?? []).map { c in context.swiftType((try? TSParser.parseType(c.payload ?? "any")) ?? .primitive("any"), key: nil) }
    }

    /// The local holding the value sent under a property's `index`-th key.
    private static func variable(_ p: ObjectEmitter.Property, _ index: Int) -> String {
        p.name.trimmingCharacters(in: ["`"]) + "_\(index)"
    }

    /// `switch key.count` over the keys of `actions`, each `if` comparing the key's words.
    private static func keySwitch(_ actions: [String: String], indent: String, unknown: String) -> String {
        let byLength = Dictionary(grouping: actions.keys) { $0.utf8.count }
        var out = "\(indent)switch key.count {\n"
        for length in byLength.keys.sorted() {
            out += "\(indent)case \(length):\n"
            for (i, key) in byLength[length]!.sorted().enumerated() {
                out += "\(indent)    \(i == 0 ? "" : "} else ")if \(condition(key)) {  // \(key)\n"
                for line in actions[key]!.split(separator: "\n") { out += "\(indent)        \(line)\n" }
            }
            out += "\(indent)    } else {\n\(indent)        \(unknown)\n\(indent)    }\n"
        }
        out += "\(indent)default:\n\(indent)    \(unknown)\n\(indent)}\n"
        return out
    }

    /// Compares the key's bytes with `key`'s: one or two (overlapping) loads of the widest word
    /// that fits, or eight-byte words for long keys.
    static func condition(_ key: String) -> String {
        let bytes = Array(key.utf8)
        let n = bytes.count
        func word(_ offset: Int, _ width: Int) -> String {
            var value: UInt64 = 0
            for k in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + k]) }
            return "key.u\(width * 8)(\(offset)) == 0x" + String(value, radix: 16)
        }
        let width: Int
        switch n {
        case 0: return "true"
        case 1: return "key.u8(0) == 0x" + String(bytes[0], radix: 16)
        case 2..<4: width = 2
        case 4..<8: width = 4
        default: width = 8
        }
        var offsets = Array(stride(from: 0, to: n - width, by: width))
        offsets.append(n - width)
        return offsets.map { word($0, width) }.joined(separator: " && ")
    }
}
