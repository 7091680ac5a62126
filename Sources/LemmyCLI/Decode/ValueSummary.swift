/// A short description of a decoded value for `lemmy decode`: one line per top-level member,
/// with list lengths and the first characters of scalars, found through `Mirror` so it works
/// for every Api type without per-type code.
enum ValueSummary {
    static func lines(of value: Any, width: Int) -> [String] {
        var lines: [String] = []
        for child in members(of: Mirror(reflecting: value)) {
            // Absent optionals are most of a union type's members; listing them hides the data.
            guard let label = child.label, !isNil(child.value) else { continue }
            lines.append(TextFitting.truncate("  \(label): \(describe(child.value))", to: width))
        }
        return lines
    }

    /// The children that are members of the API type: generated objects also store a private
    /// `_memberwise` marker, which says nothing about the value.
    static func members(of mirror: Mirror) -> [Mirror.Child] {
        mirror.children.filter { $0.label != "_memberwise" }
    }

    static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// `[12 items]` for collections, `nil` for absent optionals, `ApiPost(id: 3, …)` style for structs.
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped)
        case .collection, .set:
            return "[\(mirror.children.count) item\(mirror.children.count == 1 ? "" : "s")]"
        case .dictionary:
            return "[\(mirror.children.count) entries]"
        case .struct, .class:
            let shown = members(of: mirror)
            let fields = shown.prefix(3).compactMap { child in child.label.map { "\($0): \(scalar(child.value))" } }
            return "\(type(of: value))(\(fields.joined(separator: ", "))\(shown.count > 3 ? ", …" : ""))"
        default:
            return scalar(value)
        }
    }

    private static func scalar(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return scalar(wrapped)
        }
        if let text = value as? String { return "\"\(TextFitting.truncate(text, to: 40))\"" }
        if mirror.displayStyle == .collection { return "[\(mirror.children.count)]" }
        if mirror.displayStyle == .struct || mirror.displayStyle == .class { return "\(type(of: value))(…)" }
        return TextFitting.truncate(String(describing: value), to: 40)
    }
}
