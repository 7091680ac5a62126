/// One way a JSON value breaks a schema, at a JSON path such as `$.site_view.local_site_rate_limit.message`.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of rule was broken.
    public enum Kind: String, Sendable, Hashable {
        /// The value's JSON type is not one the schema allows (including integer vs number and null).
        case type
        /// A required member is absent.
        case required
        /// The value is not one of the schema's enum values.
        case enumValue
        /// A member the schema does not declare (`additionalProperties: false`, or the strict mode).
        case undeclaredMember
        /// A `$ref` names a schema the description does not have.
        case unresolvedReference
        /// No branch of `oneOf`/`anyOf` matched, or more than one branch of `oneOf` did.
        case combinator
        /// The request or response does not match any operation of the description.
        case operation
        /// The description lists no response for the status the server answered with.
        case status
        /// A request carries a body where the description has none, or lacks a required one.
        case requestBody
        /// A request parameter is missing, undeclared or cannot be read as its schema's type.
        case parameter
    }

    /// The JSON path of the offending value (`$` is the root).
    public var path: String
    /// The broken rule.
    public var kind: Kind
    /// What was expected and what was found.
    public var message: String

    /// Creates a violation.
    public init(path: String, kind: Kind, message: String) {
        self.path = path
        self.kind = kind
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

extension SchemaViolation {
    /// The violations with array indexes folded into `[*]` and duplicates dropped, sorted: one
    /// line per broken rule instead of one per array element.
    public static func summary(_ violations: [SchemaViolation]) -> [String] {
        var seen: Set<String> = []
        var lines: [String] = []
        for violation in violations {
            var folded = ""
            var inIndex = false
            for character in violation.path {
                if character == "[" {
                    inIndex = true
                    folded += "[*]"
                    continue
                }
                if inIndex {
                    if character == "]" { inIndex = false }
                    continue
                }
                folded.append(character)
            }
            let line = "\(folded): \(violation.message)"
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines.sorted()
    }
}
