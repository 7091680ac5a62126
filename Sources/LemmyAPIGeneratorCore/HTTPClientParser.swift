import Foundation
/// One HTTP call made by lemmy-js-client's `LemmyHttp`.
public struct TSEndpoint: Hashable, Sendable {
    /// How the call sends its parameters.
    public enum Kind: String, Codable, Sendable {
        /// `wrapper<Form, Response>(HttpType.X, path, form)`: query for GET, JSON body otherwise.
        case json
        /// `upload<Response>(path, image)`: multipart upload to a /api/v4 path.
        case upload
        /// A direct pict-rs call (`/pictrs/image`), 0.18/0.19.
        case pictrs
    }
    /// The JS method name (`getPosts`).
    public var name: String
    /// Call kind.
    public var kind: Kind
    /// `GET`, `POST`, `PUT` or `DELETE`.
    public var verb: String
    /// Path relative to `/api/vN` (or absolute when `absolutePath`).
    public var path: String
    /// Whether `path` is not under `/api/vN` (e.g. `/nodeinfo/2.1`).
    public var absolutePath: Bool
    /// The form type, nil for `object`/none.
    public var request: TSType?
    /// The response type.
    public var response: TSType
}

/// Extracts endpoints from `src/http.ts`.
public enum HTTPClientParser {
    /// Whether GET parameters that are falsy (false, 0, "") are dropped (`!!kv[1]` filter).
    public static func omitsFalsyQueryValues(_ source: String) -> Bool {
        source.contains(".filter(kv => !!kv[1])")
    }

    /// Parses every endpoint call in `source`.
    public static func endpoints(in source: String) throws -> [TSEndpoint] {
        var result: [TSEndpoint] = []
        var currentMethod: String?
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if let name = methodName(line) { currentMethod = name }
            if let method = currentMethod, !helperMethods.contains(method),
                let range = line.range(of: "wrapper<") ?? line.range(of: "upload<") ?? line.range(of: "uploadWithQuery<")
            {
                guard !line.contains("async wrapper") && !line.contains("async upload") && !line.contains("#wrapper<BodyType") else {
                    i += 1
                    continue
                }
                var text = String(line[range.lowerBound...])
                var j = i
                while !text.contains(");") && j + 1 < lines.count {
                    j += 1
                    text += " " + lines[j]
                }
                result.append(try parseCall(text, method: method))
                i = j + 1
                continue
            }
            if let method = currentMethod, line.contains("fetchFunction(this.#pictrsUrl") || line.contains("fetchFunction(deleteUrl") {
                let upload = line.contains("#pictrsUrl")
                result.append(
                    TSEndpoint(
                        name: method, kind: .pictrs, verb: upload ? "POST" : "GET",
                        path: upload ? "/pictrs/image" : "/pictrs/image/delete/{token}/{filename}",
                        absolutePath: true, request: nil,
                        response: upload ? .ref("UploadImageResponse", []) : .primitive("boolean")))
            }
            i += 1
        }
        return result
    }

    private static let helperMethods: Set<String> = ["wrapper", "#wrapper", "upload", "uploadWithQuery", "#upload"]

    private static func methodName(_ line: String) -> String? {
        var s = Substring(line)
        guard s.hasPrefix("  "), !s.hasPrefix("   ") else { return nil }
        s = s.dropFirst(2)
        if s.hasPrefix("async ") { s = s.dropFirst(6) }
        let name = s.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "#" }
        let after = s.dropFirst(name.count)
        guard !name.isEmpty, after.hasPrefix("(") || after.hasPrefix("<") else { return nil }
        if ["constructor", "if", "for", "while", "switch", "return"].contains(String(name)) { return nil }
        return String(name)
    }

    private static func parseCall(_ text: String, method: String) throws -> TSEndpoint {
        var tokens = TSLexer.tokenize(text)
        guard case .identifier(let callee) = tokens.first else { throw TSParseError(description: "bad call \(text)") }
        tokens.removeFirst()
        // Generic arguments.
        var depth = 0
        var argTokens: [[TSToken]] = [[]]
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            if t == .punct("<") {
                depth += 1
                if depth == 1 {
                    k += 1
                    continue
                }
            }
            if t == .punct(">") {
                depth -= 1
                if depth == 0 {
                    k += 1
                    break
                }
            }
            if t == .punct(","), depth == 1 { argTokens.append([]) } else { argTokens[argTokens.count - 1].append(t) }
            k += 1
        }
        let generics = try argTokens.map { toks -> TSType in
            var p = TSParser(tokens: toks)
            return try p.parseType()
        }
        let rest = Array(tokens[k...])
        let strings = rest.compactMap { if case .string(let s) = $0 { s } else { nil } }
        if callee.hasSuffix("wrapper") {
            guard generics.count == 2 else { throw TSParseError(description: "wrapper generics \(text)") }
            guard let verbToken = rest.first(where: { if case .identifier(let s) = $0 { s.hasPrefix("HttpType.") } else { false } }),
                case .identifier(let verbName) = verbToken, let path = strings.first
            else { throw TSParseError(description: "wrapper args \(text)") }
            let noPrefix = rest.contains(.identifier("true"))
            let request: TSType? = generics[0] == .primitive("object") ? nil : generics[0]
            return TSEndpoint(
                name: method, kind: .json, verb: String(verbName.dropFirst("HttpType.".count)).uppercased(),
                path: path, absolutePath: noPrefix, request: request, response: generics[1])
        }
        guard let path = strings.first else { throw TSParseError(description: "upload path \(text)") }
        let query: TSType? = generics.count == 2 ? generics[0] : nil
        return TSEndpoint(
            name: method, kind: .upload, verb: "POST", path: path, absolutePath: false,
            request: query, response: generics.last ?? .primitive("any"))
    }
}
