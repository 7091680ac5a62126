import Foundation
import Hummingbird
import NIOFoundationEssentialsCompat

/// httpbin's description of a request: the members its echo routes choose from.
struct Echo {
    var url: String
    var args: [String: Any]
    var headers: [String: String]
    var origin: String
    var method: String
    var data: String = ""
    var form: [String: Any] = [:]
    var files: [String: Any] = [:]
    var json: Any = NSNull()

    /// Reads the request, and its body when `readingBody` (httpbin parses JSON, URL-encoded and
    /// multipart bodies into `json`, `form` and `files`; anything else stays in `data`).
    static func of(_ request: Request, context: HTTPBinContext, readingBody: Bool) async throws -> Echo {
        let authority = request.head.authority ?? ""
        var echo = Echo(
            url: "http://\(authority)\(request.uri.string)",
            args: queryArguments(request.uri.query),
            headers: titleCasedHeaders(request),
            origin: context.origin,
            method: request.method.rawValue
        )
        guard readingBody else { return echo }
        var request = request
        let buffer = try await request.collectBody(upTo: 16 * 1024 * 1024)
        let body = Data(buffer: buffer)
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data"), let boundary = MultipartForm.boundary(in: contentType) {
            let parts = MultipartForm.parse(body, boundary: boundary)
            for part in parts {
                let text = String(decoding: part.content, as: UTF8.self)
                if part.filename != nil { echo.files[part.name] = text } else { echo.form[part.name] = text }
            }
        } else if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            echo.form = queryArguments(String(decoding: body, as: UTF8.self))
        } else {
            echo.data = String(decoding: body, as: UTF8.self)
            if let parsed = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) { echo.json = parsed }
        }
        return echo
    }

    /// The chosen members as a JSON response (sorted keys, so answers are byte-stable).
    func response(_ members: [String], extra: [String: Any] = [:], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response
    {
        var object = extra
        for member in members {
            switch member {
            case "url": object[member] = url
            case "args": object[member] = args
            case "headers": object[member] = self.headers
            case "origin": object[member] = origin
            case "method": object[member] = method
            case "data": object[member] = data
            case "form": object[member] = form
            case "files": object[member] = files
            case "json": object[member] = json
            default: preconditionFailure("no echo member \(member)")
            }
        }
        return JSONResponse.make(object, status: status, headers: headers)
    }

    /// Query (or URL-encoded form) arguments; a repeated name becomes a list, as in httpbin.
    static func queryArguments(_ query: String?) -> [String: Any] {
        guard let query, !query.isEmpty else { return [:] }
        var components = URLComponents()
        components.percentEncodedQuery = query.replacingOccurrences(of: "+", with: "%20")
        var values: [String: [String]] = [:]
        var order: [String] = []
        for item in components.queryItems ?? [] {
            if values[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.value ?? "")
        }
        var arguments: [String: Any] = [:]
        for name in order {
            let all = values[name] ?? []
            arguments[name] = all.count == 1 ? all[0] : all
        }
        return arguments
    }

    /// Header names as httpbin shows them (`User-Agent`), repeated fields joined with commas; the
    /// HTTP/1 `Host` header, which HTTPTypes moves into the authority, is put back.
    static func titleCasedHeaders(_ request: Request) -> [String: String] {
        var headers: [String: String] = [:]
        if let authority = request.head.authority { headers["Host"] = authority }
        for field in request.headers {
            let name = titleCase(field.name.canonicalName)
            headers[name] = headers[name].map { "\($0),\(field.value)" } ?? field.value
        }
        return headers
    }

    /// Python's `str.title()` on an ASCII header name: a letter after a non-letter is upper case.
    static func titleCase(_ name: String) -> String {
        var result = ""
        var startOfWord = true
        for character in name {
            if character.isLetter {
                result += startOfWord ? character.uppercased() : character.lowercased()
                startOfWord = false
            } else {
                result.append(character)
                startOfWord = true
            }
        }
        return result
    }
}

/// JSON responses with httpbin's `Content-Type`.
enum JSONResponse {
    static func make(_ object: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: encode(object))))
    }

    static func encode(_ object: Any) -> Data {
        // Every value here is built by this module from JSON types; anything else is a bug in the
        // server, which must not pass as an empty answer.
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        else {
            preconditionFailure("HTTPBinServer built a value JSON cannot hold: \(object)")
        }
        return data
    }
}
