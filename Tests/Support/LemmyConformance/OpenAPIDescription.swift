public import Foundation

/// A facts-only extract of an OpenAPI description (written by `scripts/extract-openapi.sh`):
/// its operations and its named schemas, and the checks of requests and responses against them.
public struct OpenAPIDescription: Sendable {
    /// One operation: a method on a path.
    public struct Operation: Sendable {
        /// The path template as the description writes it, with ``OpenAPIDescription/basePath`` in front.
        public var path: String
        /// `get`, `post`, `put`, `delete`, ...
        public var method: String
        /// The parameters, with `name`, `in`, `required` and `schema`.
        public var parameters: [JSONValue]
        /// The request body schema, if the operation takes one.
        public var requestBody: JSONValue?
        /// Whether the request body is required.
        public var requestBodyRequired: Bool
        /// Response schemas by status (`"200"`, `"default"`, `"4XX"`); nil where the description gives none.
        public var responses: [String: JSONValue?]
    }

    /// The extract's own name (`mvgh-0.19.11`).
    public let name: String
    /// The description's version as its `info.version` says.
    public let infoVersion: String
    /// The path the description's server URL carries (`/api/v3` for MV-GH's), prepended to its paths.
    public let basePath: String
    /// Every operation.
    public let operations: [Operation]
    /// The named schemas.
    public let schemas: [String: JSONValue]

    /// Reads an extract.
    public init(data: Data) throws {
        let root = try JSONValue.parse(data)
        guard let paths = root["paths"]?.objectValue, let schemas = root["schemas"]?.objectValue else {
            throw DescriptionError.notAnExtract
        }
        name = root["name"]?.stringValue ?? "?"
        infoVersion = root["infoVersion"]?.stringValue ?? "?"
        basePath = root["basePath"]?.stringValue ?? ""
        self.schemas = schemas
        var operations: [Operation] = []
        for (path, methods) in paths {
            for (method, operation) in methods.objectValue ?? [:] {
                let body = operation["requestBody"]
                var responses: [String: JSONValue?] = [:]
                for (status, response) in operation["responses"]?.objectValue ?? [:] { responses[status] = response["schema"] }
                operations.append(
                    Operation(
                        path: basePath + path, method: method, parameters: operation["parameters"]?.arrayValue ?? [],
                        requestBody: body?["schema"], requestBodyRequired: body?["required"]?.boolValue ?? false,
                        responses: responses))
            }
        }
        self.operations = operations.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }

    /// Reads the extract at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// Errors reading an extract.
    public enum DescriptionError: Error {
        /// The file has no `paths` or `schemas`.
        case notAnExtract
    }

    /// The operation for a method and a concrete path (`/api/v4/post/42` matches `/api/v4/post/{id}`).
    public func operation(method: String, path: String) -> Operation? {
        let method = method.lowercased()
        let exact = operations.first { $0.method == method && $0.path == path }
        return exact ?? operations.first { $0.method == method && Self.matches(template: $0.path, path: path) }
    }

    /// Whether the description has any operation on `path`.
    public func hasPath(_ path: String) -> Bool {
        operations.contains { $0.path == path || Self.matches(template: $0.path, path: path) }
    }

    static func matches(template: String, path: String) -> Bool {
        let a = template.split(separator: "/", omittingEmptySubsequences: false)
        let b = path.split(separator: "/", omittingEmptySubsequences: false)
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && $0.hasSuffix("}") && !$1.isEmpty) }
    }

    /// A checker over this description's schemas.
    public func checker(_ undeclaredMembers: SchemaChecker.UndeclaredMembers = .reject) -> SchemaChecker {
        SchemaChecker(schemas: schemas, undeclaredMembers: undeclaredMembers)
    }

    /// Violations of a response: the operation must exist, and the body must match the schema the
    /// description gives for the status (or `default`/`2XX`). Undeclared members are reported.
    public func checkResponse(
        method: String, path: String, status: Int, body: JSONValue,
        adjust: (JSONValue, OpenAPIDescription) -> JSONValue = { schema, _ in schema }
    ) -> [SchemaViolation] {
        guard let operation = operation(method: method, path: path) else {
            return [SchemaViolation(path: "$", kind: .operation, message: "\(method.uppercased()) \(path) is not in \(name)")]
        }
        let code = String(status)
        let family = "\(status / 100)XX"
        var violations: [SchemaViolation] = []
        var entry = operation.responses[code] ?? operation.responses[family] ?? operation.responses["default"]
        if entry == nil {
            violations.append(
                SchemaViolation(
                    path: "$", kind: .status,
                    message:
                        "\(name) lists no status \(status) for \(method.uppercased()) \(operation.path) (has \(operation.responses.keys.sorted()))"
                ))
            // A success the description files under another 2xx code (201 for 200) still has a
            // body to check: use that code's schema.
            let successes = operation.responses.filter { $0.key.hasPrefix("2") }
            guard (200..<300).contains(status), successes.count == 1 else { return violations }
            entry = successes.first?.value
        }
        guard let schema = entry ?? nil else { return violations }
        return violations + checker().check(body, against: adjust(schema, self))
    }

    /// Violations of a request: the operation must exist; every query parameter must be declared
    /// and readable as its schema's type, every required one present; the JSON body must match the
    /// request body schema, with no undeclared members.
    public func checkRequest(method: String, path: String, query: [(String, String)], body: JSONValue?) -> [SchemaViolation] {
        guard let operation = operation(method: method, path: path) else {
            return [SchemaViolation(path: "$", kind: .operation, message: "\(method.uppercased()) \(path) is not in \(name)")]
        }
        var violations: [SchemaViolation] = []
        let checker = checker()
        let queryParameters = operation.parameters.filter { $0["in"]?.stringValue == "query" }.flatMap(exploded)
        for parameter in queryParameters where parameter["required"]?.boolValue == true {
            let name = parameter["name"]?.stringValue ?? ""
            if !query.contains(where: { $0.0 == name }) {
                violations.append(SchemaViolation(path: "query.\(name)", kind: .parameter, message: "required query parameter is missing"))
            }
        }
        for (name, text) in query {
            guard let parameter = queryParameters.first(where: { $0["name"]?.stringValue == name }) else {
                violations.append(
                    SchemaViolation(
                        path: "query.\(name)", kind: .parameter,
                        message: "query parameter not declared by \(name == "auth" ? "this operation" : self.name)"))
                continue
            }
            guard let schema = parameter["schema"] else { continue }
            let value = queryValue(text, schema: schema)
            violations += checker.check(value, against: schema, path: "query.\(name)")
        }
        switch (body, operation.requestBody) {
        case (let body?, let schema?):
            violations += checker.check(body, against: schema)
        case (.some, nil):
            violations.append(
                SchemaViolation(
                    path: "$", kind: .requestBody, message: "\(name) gives \(method.uppercased()) \(operation.path) no request body"))
        case (nil, .some) where operation.requestBodyRequired:
            violations.append(SchemaViolation(path: "$", kind: .requestBody, message: "request body is required"))
        default:
            break
        }
        return violations
    }

    /// A query parameter whose schema is an object (MV-GH's `GetPosts` parameter, style `form` with
    /// `explode`, OpenAPI's default) stands for one query key per property.
    func exploded(_ parameter: JSONValue) -> [JSONValue] {
        var schema = parameter["schema"]
        for _ in 0..<16 {
            guard let reference = schema?["$ref"]?.stringValue else { break }
            schema = schemas[reference]
        }
        guard let properties = schema?["properties"]?.objectValue else { return [parameter] }
        let required = Set((schema?["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        return properties.keys.sorted().map { name in
            .object([
                "name": .string(name), "in": .string("query"), "required": .bool(required.contains(name)), "schema": properties[name]!,
            ])
        }
    }

    /// A query string value as the JSON value its schema's type makes of it, so that the schema
    /// checker can judge it (`"12"` is the integer 12; `"x"` stays a string and fails an integer schema).
    func queryValue(_ text: String, schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 16, let node = schema.objectValue else { return .string(text) }
        if let reference = node["$ref"]?.stringValue, let target = schemas[reference] {
            return queryValue(text, schema: target, depth: depth + 1)
        }
        let types: [String] =
            switch node["type"] {
            case .string(let name)?: [name]
            case .array(let names)?: names.compactMap(\.stringValue)
            default: []
            }
        if types.contains("integer") || types.contains("number"), let number = Double(text) { return .number(number) }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        for key in ["allOf", "oneOf", "anyOf"] {
            for branch in node[key]?.arrayValue ?? [] {
                let value = queryValue(text, schema: branch, depth: depth + 1)
                if value != .string(text) { return value }
            }
        }
        return .string(text)
    }
}
