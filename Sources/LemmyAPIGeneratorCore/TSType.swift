/// A TypeScript type expression as it appears in lemmy-js-client's ts-rs output.
public indirect enum TSType: Hashable, Sendable {
    /// `string`, `number`, `boolean`, `null`, `any`, `unknown`, `object`, `undefined`.
    case primitive(String)
    /// A string literal type such as `"Hot"`.
    case literal(String)
    /// A named type, possibly generic (`PagedResponse<PostView>`).
    case ref(String, [TSType])
    /// `Array<T>` or `T[]`.
    case array(TSType)
    /// `A | B | ...`.
    case union([TSType])
    /// `A & B & ...`.
    case intersection([TSType])
    /// An inline object type `{ a: T; b?: U }`.
    case object([TSMember])
    /// `{ [key in string]: T }`.
    case map(TSType)

    /// The canonical one-line spelling, re-parsable by ``TSParser``.
    public var text: String {
        switch self {
        case .primitive(let name): return name
        case .literal(let value): return "\"\(value)\""
        case .ref(let name, let args):
            return args.isEmpty ? name : "\(name)<\(args.map(\.text).joined(separator: ", "))>"
        case .array(let element): return "Array<\(element.text)>"
        case .union(let parts): return parts.map { $0.needsParens ? "(\($0.text))" : $0.text }.joined(separator: " | ")
        case .intersection(let parts):
            return parts.map { if case .union = $0 { "(\($0.text))" } else { $0.text } }.joined(separator: " & ")
        case .object(let members):
            return "{ " + members.map { "\($0.name)\($0.optional ? "?" : ""): \($0.type.text)" }.joined(separator: "; ") + " }"
        case .map(let value): return "{ [key in string]: \(value.text) }"
        }
    }

    private var needsParens: Bool {
        if case .intersection = self { return true }
        return false
    }

    /// This type without `null`/`undefined` alternatives, and whether any were removed.
    public var strippingNull: (TSType, Bool) {
        guard case .union(let parts) = self else { return (self, false) }
        let kept = parts.filter { $0 != .primitive("null") && $0 != .primitive("undefined") }
        if kept.count == parts.count { return (self, false) }
        return (kept.count == 1 ? kept[0] : .union(kept), true)
    }
}

/// A member of an object type.
public struct TSMember: Hashable, Sendable {
    /// The JSON key.
    public var name: String
    /// Whether the key is declared with `?`.
    public var optional: Bool
    /// The member's type.
    public var type: TSType
    /// The doc comment preceding the member, if any.
    public var doc: String?

    /// Creates a member.
    public init(name: String, optional: Bool, type: TSType, doc: String? = nil) {
        self.name = name
        self.optional = optional
        self.type = type
        self.doc = doc
    }
}
