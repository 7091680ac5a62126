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
