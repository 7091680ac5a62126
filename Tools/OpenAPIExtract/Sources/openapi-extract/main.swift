import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

// openapi-extract INPUT OUTPUT NAME
//
// Reads one OpenAPI description (YAML or JSON, OpenAPI 3.0 or 3.1) with OpenAPIKit and writes the
// facts LemmyKit's conformance tests check against: paths, operations, parameters, request and
// response schema references, and the component schemas' structure. No descriptions, summaries,
// examples or titles are written, so the extract carries facts only, none of the author's prose.

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: openapi-extract INPUT OUTPUT NAME\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])
let name = arguments[3]

do {
    let source = try Data(contentsOf: input)
    let loaded = try DocumentLoader.load(source)
    var extract = Extractor(document: loaded.document, openAPI30: loaded.is30).extract()
    extract["name"] = name
    extract["source"] = input.lastPathComponent
    extract["openapi"] = loaded.declaredVersion
    extract["infoVersion"] = loaded.document.info.version
    let data = try JSONSerialization.data(withJSONObject: extract, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    try (data + Data("\n".utf8)).write(to: output)
    print(
        "\(name): \((extract["paths"] as? [String: Any])?.count ?? 0) paths, \((extract["schemas"] as? [String: Any])?.count ?? 0) schemas -> \(output.path)"
    )
} catch {
    FileHandle.standardError.write(Data("openapi-extract: \(input.lastPathComponent): \(error)\n".utf8))
    exit(65)
}

/// Decodes a description with the OpenAPIKit module of its OpenAPI version; 3.0 documents are
/// converted to the 3.1 model so that one extractor serves both.
enum DocumentLoader {
    struct Loaded {
        var document: OpenAPIKit.OpenAPI.Document
        var is30: Bool
        var declaredVersion: String
    }

    static func load(_ data: Data) throws -> Loaded {
        let text = String(decoding: data, as: UTF8.self)
        // YAML is a superset of JSON, so Yams reads both formats.
        guard let root = try Yams.load(yaml: text) as? [String: Any], let version = root["openapi"] as? String else {
            throw ExtractError.notOpenAPI
        }
        if version.hasPrefix("3.0") {
            let document = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: text)
            return Loaded(document: document.convert(to: .v3_1_1), is30: true, declaredVersion: version)
        }
        let document = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: text)
        return Loaded(document: document, is30: false, declaredVersion: version)
    }
}

enum ExtractError: Error {
    case notOpenAPI
}

/// Turns a document into plain JSON-compatible dictionaries.
struct Extractor {
    let document: OpenAPIKit.OpenAPI.Document
    /// 3.0 documents say `nullable: true`; 3.1 documents put `"null"` into `type`. The extract keeps
    /// the document's own spelling so that the checker is exercised on both.
    let openAPI30: Bool

    func extract() -> [String: Any] {
        var paths: [String: Any] = [:]
        for (path, item) in document.paths {
            guard let item = try? document.components.lookup(item) else { continue }
            var operations: [String: Any] = [:]
            for endpoint in item.endpoints {
                operations[endpoint.method.rawValue.lowercased()] = operation(endpoint.operation, shared: item.parameters)
            }
            paths[path.rawValue] = operations
        }
        var schemas: [String: Any] = [:]
        for (key, schema) in document.components.schemas {
            schemas[key.rawValue] = self.schema(schema)
        }
        var result: [String: Any] = ["paths": paths, "schemas": schemas]
        if let server = document.servers.first,
            let path = URLComponents(url: server.urlTemplate.url ?? URL(string: "/")!, resolvingAgainstBaseURL: false)?.path,
            !path.isEmpty, path != "/"
        {
            result["basePath"] = path
        }
        return result
    }

    func operation(_ operation: OpenAPIKit.OpenAPI.Operation, shared: OpenAPIKit.OpenAPI.Parameter.Array) -> [String: Any] {
        var result: [String: Any] = [:]
        var parameters: [[String: Any]] = []
        var seen: Set<String> = []
        // Operation parameters override path-item parameters of the same name and location.
        for either in operation.parameters + shared {
            guard let parameter = try? document.components.lookup(either) else { continue }
            let key = "\(parameter.location.rawValue):\(parameter.name)"
            guard seen.insert(key).inserted else { continue }
            var entry: [String: Any] = ["name": parameter.name, "in": parameter.location.rawValue, "required": parameter.required]
            switch parameter.schemaOrContent {
            case .a(let context):
                switch context.schema {
                case .a(let reference): entry["schema"] = ["$ref": Self.schemaName(reference.absoluteString)]
                case .b(let value): entry["schema"] = schema(value)
                }
            case .b(let content): if let first = json(content)?.schema { entry["schema"] = schema(first) }
            }
            parameters.append(entry)
        }
        if !parameters.isEmpty { result["parameters"] = parameters }
        if let body = operation.requestBody, let request = try? document.components.lookup(body) {
            if let content = json(request.content), let schema = content.schema {
                result["requestBody"] = ["required": request.required, "schema": self.schema(schema)]
            }
        }
        var responses: [String: Any] = [:]
        for (status, either) in operation.responses {
            guard let response = try? document.components.lookup(either) else { continue }
            if let content = json(response.content), let schema = content.schema {
                responses[status.rawValue] = ["schema": self.schema(schema)]
            } else {
                responses[status.rawValue] = [String: Any]()
            }
        }
        result["responses"] = responses
        return result
    }

    func json(_ content: OpenAPIKit.OpenAPI.Content.Map) -> OpenAPIKit.OpenAPI.Content? {
        Self.json(content, components: document.components)
    }

    static func json(_ content: OpenAPIKit.OpenAPI.Content.Map, components: OpenAPIKit.OpenAPI.Components = .noComponents) -> OpenAPIKit
        .OpenAPI.Content?
    {
        let chosen = content.first(where: { $0.key.rawValue.hasPrefix("application/json") })?.value ?? content.values.first
        return chosen.flatMap { try? components.lookup($0) }
    }

    /// `#/components/schemas/Name` as `Name`.
    static func schemaName(_ text: String) -> String {
        text.hasPrefix("#/components/schemas/") ? String(text.dropFirst("#/components/schemas/".count)) : text
    }

    func schema(_ schema: OpenAPIKit.JSONSchema) -> [String: Any] {
        var node: [String: Any] = [:]
        switch schema.value {
        case .null: node["type"] = "null"
        case .boolean: node["type"] = "boolean"
        case .number: node["type"] = "number"
        case .integer: node["type"] = "integer"
        case .string: node["type"] = "string"
        case .object(_, let context):
            node["type"] = "object"
            var properties: [String: Any] = [:]
            for (key, value) in context.properties { properties[key] = self.schema(value) }
            if !properties.isEmpty { node["properties"] = properties }
            let required = context.requiredProperties
            if !required.isEmpty { node["required"] = required.sorted() }
            switch context.additionalProperties {
            case .a(let allowed)?: node["additionalProperties"] = allowed
            case .b(let value)?: node["additionalProperties"] = self.schema(value)
            case nil: break
            }
        case .array(_, let context):
            node["type"] = "array"
            if let items = context.items { node["items"] = self.schema(items) }
        case .all(let of, _): node["allOf"] = of.map { self.schema($0) }
        case .one(let of, _): node["oneOf"] = of.map { self.schema($0) }
        case .any(let of, _): node["anyOf"] = of.map { self.schema($0) }
        case .not(let inner, _): node["not"] = self.schema(inner)
        case .reference(let reference, _):
            node["$ref"] = Self.schemaName(reference.absoluteString)
        case .fragment: break
        }
        if let format = schema.formatString, !format.isEmpty { node["format"] = format }
        if let values = schema.allowedValues {
            node["enum"] = values.map { Self.plain($0) }
        }
        if schema.nullable, node["type"] as? String != "null" {
            if !openAPI30, let type = node["type"] as? String {
                node["type"] = [type, "null"]
            } else {
                node["nullable"] = true
            }
        }
        return node
    }

    /// An enum value as a JSON-compatible value.
    static func plain(_ value: AnyCodable) -> Any {
        guard let data = try? JSONEncoder().encode(value),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return NSNull() }
        return object
    }
}
