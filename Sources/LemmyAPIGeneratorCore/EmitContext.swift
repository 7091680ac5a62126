/// Lookup tables and type mapping shared by the emitters.
struct EmitContext {
    let description: APIDescription
    let order: [String]
    let generationOf: [String: String]
    let types: [String: APIType]

    init(_ description: APIDescription) {
        self.description = description
        order = description.versions.map(\.name)
        generationOf = Dictionary(uniqueKeysWithValues: description.versions.map { ($0.name, $0.generation) })
        types = Dictionary(uniqueKeysWithValues: description.types.map { ($0.name, $0) })
    }

    /// Keys whose `string` values are timestamps (decoded as `LemmyDate`).
    static let dateKeys: Set<String> = [
        "published", "updated", "when_", "expires", "ban_expires", "last_successful_published_time",
        "newest_comment_time", "newest_comment_time_necro", "validator_time", "last_donation_notification",
    ]

    /// Whether a `string` member holds a timestamp: the keys above and every `*_at` key.
    static func isDateKey(_ key: String) -> Bool { dateKeys.contains(key) || key.hasSuffix("_at") }

    /// Whether a `number` member can be fractional: ranks (`hot_rank`, `controversy_rank`,
    /// `scaled_rank`, ...) and durations in seconds with fractions. Every other number is `Int`.
    static func isFractionalKey(_ key: String) -> Bool {
        key.contains("rank") || key == "last_application_duration_seconds"
    }

    /// Maps a TypeScript type to Swift. `key` selects date/fraction rules for primitives.
    func swiftType(_ type: TSType, key: String?, generics: Set<String> = []) -> String {
        switch type {
        case .primitive("string"):
            return key.map(Self.isDateKey) == true ? "LemmyDate" : "String"
        case .primitive("number"), .primitive("bigint"):
            return key.map(Self.isFractionalKey) == true ? "Double" : "Int"
        case .primitive("boolean"):
            return "Bool"
        case .primitive:
            return "LemmyJSONValue"
        case .literal:
            return "String"
        case .ref(let name, let args):
            if generics.contains(name) { return name }
            if types[name] == nil { return "LemmyJSONValue" }
            let base = "Api" + name
            return args.isEmpty ? base : base + "<" + args.map { swiftType($0, key: nil, generics: generics) }.joined(separator: ", ") + ">"
        case .array(let element):
            return "[" + swiftType(element, key: key, generics: generics) + "]"
        case .map(let value):
            return "[String: " + swiftType(value, key: nil, generics: generics) + "]"
        case .union(let parts):
            if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) { return "String" }
            return "LemmyJSONValue"
        case .intersection, .object:
            return "LemmyJSONValue"
        }
    }

    /// Whether `swiftType`, a name this context maps to, is a plain value (`Int`, `Bool`,
    /// `Double`, or an alias of one such as `ApiPostId`): moving one with `consume` does
    /// nothing, and the compiler warns that it does nothing.
    func isPlainValue(_ swiftType: String) -> Bool {
        if ["Int", "Bool", "Double"].contains(swiftType) { return true }
        guard swiftType.hasPrefix("Api"), let type = types[String(swiftType.dropFirst(3))], type.kind == .alias,
            let target = try? TSParser.parseType(newest(type.alias ?? []).ts)
        else { return false }
        return isPlainValue(self.swiftType(target, key: nil))
    }

    /// Whether `swiftType`, a name this context maps to, is one of the API's object types.
    func isObject(_ swiftType: String) -> Bool {
        swiftType.hasPrefix("Api") && types[String(swiftType.dropFirst(3))]?.kind == .object
    }

    /// Whether values of `type` can be GET parameters (``LemmyQueryValue`` in the runtime).
    func isQueryable(_ type: TSType) -> Bool {
        switch type {
        case .primitive(let p): return ["string", "number", "boolean"].contains(p)
        case .literal: return true
        case .array(let element): return isQueryable(element)
        // `"all" | ModlogKind` and the like: the member is a JSON value the caller spells.
        case .union(let members): return members.allSatisfy(isQueryable)
        case .ref(let name, _):
            guard let t = types[name] else { return false }
            if t.kind == .enum { return true }
            if t.kind == .alias, let ts = t.alias?.last?.ts, let target = try? TSParser.parseType(ts) { return isQueryable(target) }
            return false
        default: return false
        }
    }

    /// "Added in X" / "Removed in Y" / "Exists only in ..." for `present` within `within`.
    func availability(_ present: [String], within: [String]) -> String? {
        let present = within.filter(present.contains)
        guard present != within, let first = present.first, let last = present.last,
            let i = within.firstIndex(of: first), let j = within.firstIndex(of: last)
        else { return nil }
        let contiguous = j - i + 1 == present.count
        if contiguous && j == within.count - 1 { return "Added in \(first)." }
        if contiguous && i == 0 { return "Removed in \(within[j + 1])." }
        if contiguous { return "Added in \(first); removed in \(within[j + 1])." }
        return "Exists only in " + present.joined(separator: ", ") + "."
    }

    /// The newest entry of a versioned list.
    func newest(_ list: [VersionedTS]) -> VersionedTS {
        list.max { lhs, rhs in
            (lhs.versions.compactMap { order.firstIndex(of: $0) }.max() ?? 0)
                < (rhs.versions.compactMap { order.firstIndex(of: $0) }.max() ?? 0)
        }!
    }

    /// `0.18.0 – main` style range.
    func range(_ versions: [String]) -> String {
        let sorted = order.filter(versions.contains)
        guard let first = sorted.first, let last = sorted.last else { return "" }
        return first == last ? first : "\(first) – \(last)"
    }

    /// `LemmyVersionSet(rawValue: 0b...)` for `versions`; bit n is the n-th version, oldest first.
    func mask(_ versions: [String]) -> String {
        var bits = 0
        for (i, v) in order.enumerated() where versions.contains(v) { bits |= 1 << i }
        let binary = String(bits, radix: 2)
        return "LemmyVersionSet(rawValue: 0b" + String(repeating: "0", count: max(0, order.count - binary.count)) + binary + ")"
    }

    /// Whether every version in `versions` belongs to `generation`.
    func all(_ versions: [String], are generation: String) -> Bool {
        versions.allSatisfy { generationOf[$0] == generation }
    }
}
