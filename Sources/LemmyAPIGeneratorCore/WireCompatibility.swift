/// Whether JSON in one TypeScript type's form decodes as the Swift type generated for another.
///
/// A member whose TypeScript type differs between versions gets one Swift type, the newest
/// version's. That is only sound when every version's form decodes as it and the other way
/// round: `string` and `DbUrl` (an alias of `string`), two enums (``EnumUnionMerger`` folds them
/// into one), an object and a superset whose extra members are optional. Where it is not
/// (`boolean` against the enum `VoteShow`, `CommunityBlockView` against `Community`), the member
/// needs a union of its forms (``MemberUnion``).
struct WireCompatibility {
    let context: EmitContext
    /// Object pairs under comparison; a pair met again counts as compatible (recursive types).
    private var visiting: Set<[String]> = []

    init(_ context: EmitContext) { self.context = context }

    /// Whether a value of either type decodes as the other's Swift type.
    mutating func interchangeable(_ a: TSType, _ b: TSType, key: String) -> Bool {
        decodes(a, as: b, key: key) && decodes(b, as: a, key: key)
    }

    /// Whether a value in `value`'s form decodes as the Swift type generated for `target`.
    mutating func decodes(_ value: TSType, as target: TSType, key: String?) -> Bool {
        let a = resolved(value)
        let b = resolved(target)
        if a == b || context.swiftType(b, key: key) == "LemmyJSONValue" { return true }
        if isStringEnum(b) { return isStringLike(a) }
        switch (a, b) {
        case (.primitive, .primitive):
            return context.swiftType(a, key: key) == context.swiftType(b, key: key)
        case (.array(let x), .array(let y)), (.map(let x), .map(let y)):
            return decodes(x, as: y, key: key)
        case (.ref(let x, let xArgs), .ref(let y, let yArgs)):
            if x == y {
                return xArgs.count == yArgs.count && zip(xArgs, yArgs).allSatisfy { pair in decodes(pair.0, as: pair.1, key: nil) }
            }
            guard xArgs.isEmpty, yArgs.isEmpty, let from = context.types[x], let to = context.types[y], from.kind == .object,
                to.kind == .object
            else { return false }
            return objectDecodes(from, as: to)
        default:
            return false
        }
    }

    /// Whether every member of `target` that the Swift struct requires is there in `value`, and
    /// every member both have decodes.
    private mutating func objectDecodes(_ value: APIType, as target: APIType) -> Bool {
        let pair = [value.name, target.name]
        if visiting.contains(pair) { return true }
        visiting.insert(pair)
        defer { visiting.remove(pair) }
        for member in target.members ?? [] {
            let keys = Set(member.keys.map(\.key))
            let optionalInSwift =
                member.keys[0].key == "auth" || !member.optionalIn.isEmpty || Set(member.versions) != Set(target.versions)
            guard let source = (value.members ?? []).first(where: { $0.keys.contains { keys.contains($0.key) } }) else {
                if optionalInSwift { continue }
                return false
            }
            if !optionalInSwift && !source.optionalIn.isEmpty { return false }
            let key = member.keys[0].key
            for form in source.types {
                guard let from = try? TSParser.parseType(form.ts) else { return false }
                let fits = member.types.contains { to in
                    guard let to = try? TSParser.parseType(to.ts) else { return false }
                    return decodes(from, as: to, key: key)
                }
                if !fits { return false }
            }
        }
        return true
    }

    /// `type` without `null`, with aliases replaced by what they stand for.
    func resolved(_ type: TSType) -> TSType {
        var type = type.strippingNull.0
        for _ in 0..<8 {
            guard case .ref(let name, let args) = type, args.isEmpty, let alias = context.types[name], alias.kind == .alias,
                let targets = alias.alias, !targets.isEmpty, let target = try? TSParser.parseType(context.newest(targets).ts)
            else { break }
            type = target.strippingNull.0
        }
        return type
    }

    /// Whether the Swift type of `type` is a string enumeration (which takes any string).
    private func isStringEnum(_ type: TSType) -> Bool {
        if case .ref(let name, _) = type { return context.types[name]?.kind == .enum }
        if case .union(let parts) = type { return parts.allSatisfy { if case .literal = $0 { true } else { false } } }
        return false
    }

    /// Whether every value of `type` is a JSON string.
    private func isStringLike(_ type: TSType) -> Bool {
        switch resolved(type) {
        case .primitive("string"), .literal: return true
        case .ref(let name, _): return context.types[name]?.kind == .enum
        case .union(let parts): return parts.allSatisfy(isStringLike)
        default: return false
        }
    }
}
