import Foundation
import LemmyConformance
import Testing

/// The schema checker on its own, one rule at a time: each rule passes a conforming value and
/// reports a breaking one at the right JSON path.
@Suite struct SchemaCheckerTests {
    static func json(_ text: String) -> JSONValue { try! JSONValue.parse(Data(text.utf8)) }

    let schemas: [String: JSONValue] = [
        "PostId": json(#"{"type":"integer","format":"int32"}"#),
        "SortType": json(#"{"type":"string","enum":["Hot","New","TopDay"]}"#),
        "Person": json(#"{"type":"object","properties":{"id":{"$ref":"PostId"},"name":{"type":"string"}},"required":["id","name"]}"#),
        "Maybe30": json(#"{"type":"string","nullable":true}"#),
        "Maybe31": json(#"{"type":["string","null"]}"#),
    ]

    func violations(_ value: String, _ schema: String, strict: Bool = false) -> [SchemaViolation] {
        SchemaChecker(schemas: schemas, undeclaredMembers: strict ? .reject : .allow).check(Self.json(value), against: Self.json(schema))
    }

    @Test func integerIsANumberWithoutFraction() {
        #expect(violations("3", #"{"type":"integer"}"#).isEmpty)
        #expect(violations("3.0", #"{"type":"integer"}"#).isEmpty)
        let broken = violations("3.5", #"{"type":"integer"}"#)
        #expect(broken.map(\.kind) == [.type])
        #expect(broken.first?.message.contains("expected integer, found number") == true)
        // An integer is also a number.
        #expect(violations("3", #"{"type":"number"}"#).isEmpty)
        #expect(violations("3.5", #"{"type":"number"}"#).isEmpty)
    }

    @Test func eachTypeRejectsTheOthers() {
        let values = ["\"x\"", "true", "1", "1.5", "[]", "{}", "null"]
        let types = ["string", "boolean", "integer", "number", "array", "object", "null"]
        for (index, type) in types.enumerated() {
            for (other, value) in values.enumerated() {
                let passes = violations(value, #"{"type":"\#(type)"}"#).isEmpty
                let expected = other == index || (type == "number" && other == 2)
                #expect(passes == expected, "\(value) against \(type)")
            }
        }
    }

    @Test func requiredMembersMustBePresent() {
        #expect(violations(#"{"id":1,"name":"a"}"#, #"{"$ref":"Person"}"#).isEmpty)
        let broken = violations(#"{"id":1}"#, #"{"$ref":"Person"}"#)
        #expect(broken == [SchemaViolation(path: "$.name", kind: .required, message: "required member is missing")])
    }

    @Test func propertiesAreCheckedAtTheirPath() {
        let broken = violations(#"{"person":{"id":"1","name":"a"}}"#, #"{"type":"object","properties":{"person":{"$ref":"Person"}}}"#)
        #expect(broken.map(\.path) == ["$.person.id"])
        #expect(broken.map(\.kind) == [.type])
    }

    @Test func enumValuesAreExact() {
        #expect(violations(#""TopDay""#, #"{"$ref":"SortType"}"#).isEmpty)
        let broken = violations(#""Top""#, #"{"$ref":"SortType"}"#)
        #expect(broken.map(\.kind) == [.enumValue])
        #expect(violations(#""hot""#, #"{"$ref":"SortType"}"#).map(\.kind) == [.enumValue])
    }

    @Test func nullableIn30AndNullTypeIn31() {
        #expect(violations("null", #"{"$ref":"Maybe30"}"#).isEmpty)
        #expect(violations("null", #"{"$ref":"Maybe31"}"#).isEmpty)
        #expect(violations("null", #"{"type":"string"}"#).map(\.kind) == [.type])
        // nullable on a reference (as 3.0 extracts write it) lets null through, and only null.
        #expect(violations("null", #"{"$ref":"Person","nullable":true}"#).isEmpty)
        #expect(violations("null", #"{"$ref":"Person"}"#).map(\.kind) == [.type])
        #expect(violations("1", #"{"type":["string","null"]}"#).map(\.kind) == [.type])
    }

    @Test func unresolvedReferenceIsReported() {
        let broken = violations("1", #"{"$ref":"Nowhere"}"#)
        #expect(broken.map(\.kind) == [.unresolvedReference])
    }

    @Test func additionalPropertiesFalseSchemaAndStrictMode() {
        let closed = #"{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false}"#
        #expect(violations(#"{"a":1}"#, closed).isEmpty)
        #expect(violations(#"{"a":1,"b":2}"#, closed).map(\.path) == ["$.b"])

        let map = #"{"type":"object","additionalProperties":{"type":"integer"}}"#
        #expect(violations(#"{"x":1,"y":2}"#, map).isEmpty)
        #expect(violations(#"{"x":1,"y":"2"}"#, map).map(\.path) == ["$.y"])

        let open = #"{"type":"object","properties":{"a":{"type":"integer"}}}"#
        #expect(violations(#"{"a":1,"b":2}"#, open).isEmpty)
        let strict = violations(#"{"a":1,"b":2}"#, open, strict: true)
        #expect(strict.map(\.kind) == [.undeclaredMember])
        #expect(strict.map(\.path) == ["$.b"])
    }

    @Test func itemsAreCheckedWithTheirIndex() {
        let schema = #"{"type":"array","items":{"$ref":"PostId"}}"#
        #expect(violations("[1,2,3]", schema).isEmpty)
        #expect(violations(#"[1,"2",3.5]"#, schema).map(\.path) == ["$[1]", "$[2]"])
    }

    @Test func allOfNeedsEveryBranchAndSharesMembersInStrictMode() {
        let schema = #"{"allOf":[{"$ref":"Person"},{"type":"object","properties":{"admin":{"type":"boolean"}},"required":["admin"]}]}"#
        #expect(violations(#"{"id":1,"name":"a","admin":true}"#, schema, strict: true).isEmpty)
        #expect(violations(#"{"id":1,"name":"a"}"#, schema).map(\.path) == ["$.admin"])
        #expect(violations(#"{"id":1,"name":"a","admin":true,"x":1}"#, schema, strict: true).map(\.path) == ["$.x", "$.x"])
    }

    @Test func oneOfNeedsExactlyOneBranch() {
        let schema = #"{"oneOf":[{"type":"integer"},{"type":"string"}]}"#
        #expect(violations("1", schema).isEmpty)
        #expect(violations("true", schema).map(\.kind) == [.combinator])
        let overlapping = #"{"oneOf":[{"type":"integer"},{"type":"number"}]}"#
        #expect(violations("1", overlapping).first?.message.contains("2 oneOf branches") == true)
    }

    @Test func anyOfNeedsOneBranch() {
        let schema = #"{"anyOf":[{"type":"integer"},{"type":"number"}]}"#
        #expect(violations("1", schema).isEmpty)
        #expect(violations(#""1""#, schema).map(\.kind) == [.combinator])
    }
}

/// Requests and responses checked against a small description.
@Suite struct DescriptionCheckTests {
    static let extract = """
        {"name":"tiny","infoVersion":"1","basePath":"/api/v3",
         "paths":{"/post/list":{"get":{"parameters":[
            {"name":"limit","in":"query","required":false,"schema":{"type":"integer"}},
            {"name":"sort","in":"query","required":false,"schema":{"$ref":"SortType"}},
            {"name":"saved_only","in":"query","required":false,"schema":{"type":"boolean"}},
            {"name":"q","in":"query","required":true,"schema":{"type":"string"}}],
            "responses":{"200":{"schema":{"$ref":"Page"}},"400":{}}}},
          "/post/{id}":{"put":{"requestBody":{"required":true,"schema":{"$ref":"Edit"}},"responses":{"200":{}}}}},
         "schemas":{"SortType":{"type":"string","enum":["Hot","New"]},
           "Page":{"type":"object","properties":{"posts":{"type":"array","items":{"type":"integer"}}},"required":["posts"]},
           "Edit":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}
        """

    let description = try! OpenAPIDescription(data: Data(extract.utf8))

    @Test func validRequestsPass() {
        #expect(
            description.checkRequest(
                method: "GET", path: "/api/v3/post/list", query: [("q", "x"), ("limit", "10"), ("sort", "Hot"), ("saved_only", "true")],
                body: nil
            ).isEmpty)
        #expect(
            description.checkRequest(method: "PUT", path: "/api/v3/post/7", query: [], body: SchemaCheckerTests.json(#"{"name":"n"}"#))
                .isEmpty)
    }

    @Test func queryParametersAreTypedDeclaredAndRequired() {
        let broken = description.checkRequest(
            method: "GET", path: "/api/v3/post/list",
            query: [("limit", "ten"), ("sort", "Top"), ("saved_only", "1"), ("page_cursor", "x")], body: nil)
        #expect(Set(broken.map(\.path)) == ["query.q", "query.limit", "query.sort", "query.saved_only", "query.page_cursor"])
    }

    @Test func unknownOperationsAndBodiesAreReported() {
        #expect(description.checkRequest(method: "POST", path: "/api/v3/post/list", query: [], body: nil).map(\.kind) == [.operation])
        #expect(
            description.checkRequest(method: "GET", path: "/api/v3/post/list", query: [("q", "x")], body: .object([:])).map(\.kind) == [
                .requestBody
            ])
        #expect(description.checkRequest(method: "PUT", path: "/api/v3/post/7", query: [], body: nil).map(\.kind) == [.requestBody])
        #expect(
            description.checkRequest(method: "PUT", path: "/api/v3/post/7", query: [], body: .object(["name": .number(1)])).map(\.path) == [
                "$.name"
            ])
    }

    @Test func anObjectQueryParameterStandsForItsProperties() throws {
        // MV-GH's style: one query parameter `GetPost` whose schema is the form object.
        let text = """
            {"name":"form","paths":{"/post":{"get":{"parameters":[{"name":"GetPost","in":"query","required":false,"schema":{"$ref":"GetPost"}}],
              "responses":{"200":{}}}}},
             "schemas":{"GetPost":{"type":"object","properties":{"id":{"type":"integer"},"auth":{"type":"string"}},"required":["auth"]}}}
            """
        let form = try OpenAPIDescription(data: Data(text.utf8))
        #expect(form.checkRequest(method: "GET", path: "/post", query: [("id", "3"), ("auth", "x")], body: nil).isEmpty)
        let broken = form.checkRequest(method: "GET", path: "/post", query: [("id", "three"), ("GetPost", "x")], body: nil)
        #expect(Set(broken.map(\.path)) == ["query.auth", "query.id", "query.GetPost"])
    }

    static func references(in value: JSONValue) -> Set<String> {
        switch value {
        case .object(let members):
            var found = Set(members["$ref"]?.stringValue.map { [$0] } ?? [])
            for member in members.values { found.formUnion(references(in: member)) }
            return found
        case .array(let elements): return elements.reduce(into: Set<String>()) { $0.formUnion(references(in: $1)) }
        default: return []
        }
    }

    @Test func theCommittedExtractsLoad() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Fixtures/openapi")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(names.count == 8)
        for name in names {
            let description = try OpenAPIDescription(contentsOf: directory.appendingPathComponent(name))
            #expect(description.operations.count > 70, "\(name)")
            #expect(description.schemas.count > 200, "\(name)")
            // Every $ref in the extract names a schema it has.
            let references = Self.references(in: .object(description.schemas))
            #expect(!references.isEmpty)
            let unresolved = references.subtracting(description.schemas.keys)
            #expect(unresolved.isEmpty, "\(name): \(unresolved.sorted())")
        }
    }

    @Test func responsesAreCheckedByStatus() {
        #expect(
            description.checkResponse(
                method: "GET", path: "/api/v3/post/list", status: 200, body: SchemaCheckerTests.json(#"{"posts":[1]}"#)
            ).isEmpty)
        #expect(
            description.checkResponse(
                method: "GET", path: "/api/v3/post/list", status: 200, body: SchemaCheckerTests.json(#"{"posts":[1],"next_page":"x"}"#)
            ).map(\.kind) == [.undeclaredMember])
        #expect(
            description.checkResponse(method: "GET", path: "/api/v3/post/list", status: 200, body: SchemaCheckerTests.json(#"{}"#)).map(
                \.kind) == [.required])
        // A status the description lists without a schema passes; one it does not list fails.
        #expect(description.checkResponse(method: "GET", path: "/api/v3/post/list", status: 400, body: .object([:])).isEmpty)
        #expect(
            description.checkResponse(method: "GET", path: "/api/v3/post/list", status: 404, body: .object([:])).map(\.kind) == [.status])
        #expect(
            description.checkResponse(method: "GET", path: "/api/v3/nowhere", status: 200, body: .object([:])).map(\.kind) == [.operation])
    }
}
