/// Checks JSON values against the subset of JSON Schema that OpenAPI descriptions of Lemmy use:
/// `type` (a name or, as in OpenAPI 3.1, an array of names including `"null"`; `integer` is a
/// number without a fraction), `nullable` (OpenAPI 3.0), `required`, `properties`,
/// `additionalProperties`, `items`, `enum`, `$ref` (to a schema name), `allOf`, `oneOf`, `anyOf`.
///
/// `format` is not checked: Lemmy's descriptions use it for `int64`/`double`/`date-time`, which
/// the type rules and the project's own timestamp tests already cover.
public struct SchemaChecker: Sendable {
    /// What to do with object members that a schema without `additionalProperties` does not declare.
    public enum UndeclaredMembers: Sendable {
        /// Allow them, as JSON Schema does.
        case allow
        /// Report them. Lemmy's descriptions are generated from complete type definitions, so a
        /// member they do not declare is one that version does not have (a 1.0 key in a 0.19
        /// answer, say); JSON Schema's default would let it pass.
        case reject
    }

    /// The named schemas that `$ref` points to (`components.schemas`).
    public let schemas: [String: JSONValue]
    /// The treatment of undeclared members.
    public var undeclaredMembers: UndeclaredMembers

    /// Creates a checker over named schemas.
    public init(schemas: [String: JSONValue], undeclaredMembers: UndeclaredMembers = .allow) {
        self.schemas = schemas
        self.undeclaredMembers = undeclaredMembers
    }

    /// Every violation of `schema` by `value`; empty if the value conforms.
    public func check(_ value: JSONValue, against schema: JSONValue, path: String = "$") -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        check(value, schema, path: path, siblings: [], into: &violations, depth: 0)
        return violations
    }

    /// Every violation of the named schema by `value`.
    public func check(_ value: JSONValue, againstSchemaNamed name: String, path: String = "$") -> [SchemaViolation] {
        check(value, against: .object(["$ref": .string(name)]), path: path)
    }

    /// `siblings`: members declared by other `allOf` branches, which the strict mode must accept.
    private func check(
        _ value: JSONValue, _ schema: JSONValue, path: String, siblings: Set<String>,
        into violations: inout [SchemaViolation], depth: Int
    ) {
        guard depth < 64, let node = schema.objectValue else { return }
        if value == .null && allowsNull(node) { return }

        if let reference = node["$ref"]?.stringValue {
            guard let target = schemas[reference] else {
                violations.append(SchemaViolation(path: path, kind: .unresolvedReference, message: "no schema named \(reference)"))
                return
            }
            check(value, target, path: path, siblings: siblings, into: &violations, depth: depth + 1)
            return
        }

        if let types = typeNames(node) {
            let actual = value.typeName
            let matches = types.contains(actual) || (actual == "integer" && types.contains("number"))
            if !matches {
                violations.append(
                    SchemaViolation(
                        path: path, kind: .type,
                        message: "expected \(types.joined(separator: " or ")), found \(actual) \(Self.sample(value))"))
                return
            }
        }

        if let allowed = node["enum"]?.arrayValue, !allowed.contains(value) {
            violations.append(
                SchemaViolation(
                    path: path, kind: .enumValue,
                    message: "\(Self.sample(value)) is not one of \(allowed.map(\.description).joined(separator: ", "))"))
        }

        switch value {
        case .object(let members): checkObject(members, node, path: path, siblings: siblings, into: &violations, depth: depth)
        case .array(let elements):
            if let items = node["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, items, path: "\(path)[\(index)]", siblings: [], into: &violations, depth: depth + 1)
                }
            }
        default: break
        }

        if let branches = node["allOf"]?.arrayValue {
            let declared = siblings.union(branches.flatMap { declaredMembers($0, depth: depth + 1) })
            for branch in branches {
                check(value, branch, path: path, siblings: declared, into: &violations, depth: depth + 1)
            }
        }
        if let branches = node["oneOf"]?.arrayValue {
            let results = branches.map { check(value, against: $0, path: path) }
            let passing = results.filter(\.isEmpty).count
            if passing != 1 {
                violations.append(
                    SchemaViolation(
                        path: path, kind: .combinator,
                        message: passing == 0
                            ? "matches no oneOf branch (\(Self.closest(results)))"
                            : "matches \(passing) oneOf branches, expected exactly one"))
            }
        }
        if let branches = node["anyOf"]?.arrayValue {
            let results = branches.map { check(value, against: $0, path: path) }
            if !results.contains(where: \.isEmpty) {
                violations.append(
                    SchemaViolation(path: path, kind: .combinator, message: "matches no anyOf branch (\(Self.closest(results)))"))
            }
        }
    }

    private func checkObject(
        _ members: [String: JSONValue], _ node: [String: JSONValue], path: String, siblings: Set<String>,
        into violations: inout [SchemaViolation], depth: Int
    ) {
        let properties = node["properties"]?.objectValue ?? [:]
        for name in (node["required"]?.arrayValue ?? []).compactMap(\.stringValue).sorted() where members[name] == nil {
            violations.append(SchemaViolation(path: Self.child(path, name), kind: .required, message: "required member is missing"))
        }
        // A schema with no structure of its own (a pure allOf/oneOf wrapper, `{}`) declares nothing.
        let describesObject =
            node["properties"] != nil || node["additionalProperties"] != nil
            || typeNames(node)?.contains("object") == true
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPath = Self.child(path, name)
            if let schema = properties[name] {
                check(member, schema, path: memberPath, siblings: [], into: &violations, depth: depth + 1)
                continue
            }
            switch node["additionalProperties"] {
            case .bool(false)?:
                violations.append(
                    SchemaViolation(path: memberPath, kind: .undeclaredMember, message: "member not allowed (additionalProperties: false)"))
            case .object(let schema)?:
                check(member, .object(schema), path: memberPath, siblings: [], into: &violations, depth: depth + 1)
            case .bool(true)?:
                break
            default:
                if undeclaredMembers == .reject, describesObject, !siblings.contains(name) {
                    violations.append(
                        SchemaViolation(path: memberPath, kind: .undeclaredMember, message: "member not declared by the description"))
                }
            }
        }
    }

    /// The members that a schema (through `$ref` and `allOf`) declares, for the strict mode's `allOf`.
    private func declaredMembers(_ schema: JSONValue, depth: Int) -> [String] {
        guard depth < 64, let node = schema.objectValue else { return [] }
        if let reference = node["$ref"]?.stringValue, let target = schemas[reference] { return declaredMembers(target, depth: depth + 1) }
        var names = Array((node["properties"]?.objectValue ?? [:]).keys)
        for branch in node["allOf"]?.arrayValue ?? [] { names += declaredMembers(branch, depth: depth + 1) }
        return names
    }

    /// The allowed type names, or nil if the schema does not constrain the type.
    private func typeNames(_ node: [String: JSONValue]) -> [String]? {
        switch node["type"] {
        case .string(let name)?: [name]
        case .array(let names)?: names.compactMap(\.stringValue)
        default: nil
        }
    }

    /// Whether null passes this schema: 3.0 `nullable`, a 3.1 type array with `"null"`, a `null`
    /// enum member, or a reference or combinator whose target allows it.
    private func allowsNull(_ node: [String: JSONValue], depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        if node["nullable"] == .bool(true) { return true }
        if let types = typeNames(node) { return types.contains("null") }
        if node["enum"]?.arrayValue?.contains(.null) == true { return true }
        if let reference = node["$ref"]?.stringValue, let target = schemas[reference]?.objectValue {
            return allowsNull(target, depth: depth + 1)
        }
        for key in ["oneOf", "anyOf"] {
            if let branches = node[key]?.arrayValue,
                branches.contains(where: { $0.objectValue.map { allowsNull($0, depth: depth + 1) } ?? false })
            {
                return true
            }
        }
        return false
    }

    static func child(_ path: String, _ name: String) -> String {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(name)" : "\(path)[\"\(name)\"]"
    }

    /// A value short enough for a message.
    static func sample(_ value: JSONValue) -> String {
        switch value {
        case .object: return "{...}"
        case .array: return "[...]"
        default:
            let text = value.description
            return text.count > 60 ? String(text.prefix(57)) + "..." : text
        }
    }

    /// The first violation of the branch with the fewest, for a combinator message.
    static func closest(_ results: [[SchemaViolation]]) -> String {
        results.min { $0.count < $1.count }?.first?.description ?? "no branches"
    }
}
