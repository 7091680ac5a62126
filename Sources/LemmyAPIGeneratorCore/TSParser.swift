/// A failure to parse TypeScript.
public struct TSParseError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// A top-level `export type` / `export interface` declaration.
public struct TSDeclaration: Hashable, Sendable {
    /// The declared name.
    public var name: String
    /// Generic parameter names (`T` in `PagedResponse<T>`).
    public var generics: [String]
    /// The declared type.
    public var type: TSType
    /// The doc comment preceding the declaration.
    public var doc: String?
}

/// A recursive-descent parser over ``TSToken``s.
public struct TSParser {
    private var tokens: [TSToken]
    private var index = 0

    /// Creates a parser over `tokens`.
    public init(tokens: [TSToken]) { self.tokens = tokens }

    /// Parses a single type expression from text.
    public static func parseType(_ text: String) throws -> TSType {
        var parser = TSParser(tokens: TSLexer.tokenize(text))
        return try parser.parseType()
    }

    /// Parses every exported type/interface declaration in a ts-rs generated file.
    public static func declarations(in source: String) throws -> [TSDeclaration] {
        var parser = TSParser(tokens: TSLexer.tokenize(source))
        return try parser.parseDeclarations()
    }

    private var current: TSToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func skipDocs() -> String? {
        var doc: String?
        while case .docComment(let d) = current {
            doc = d
            index += 1
        }
        return doc
    }

    private mutating func expect(_ c: Character) throws {
        _ = skipDocs()
        guard current == .punct(c) else {
            throw TSParseError(description: "expected \(c) at token \(index): \(String(describing: current))")
        }
        index += 1
    }

    private mutating func accept(_ c: Character) -> Bool {
        _ = skipDocs()
        if current == .punct(c) {
            index += 1
            return true
        }
        return false
    }

    mutating func parseDeclarations() throws -> [TSDeclaration] {
        var result: [TSDeclaration] = []
        var pendingDoc: String?
        while let token = current {
            if case .docComment(let d) = token {
                pendingDoc = d
                index += 1
                continue
            }
            guard token == .identifier("export") else {
                index += 1
                continue
            }
            index += 1
            guard case .identifier(let keyword) = current, keyword == "type" || keyword == "interface" else {
                pendingDoc = nil
                continue
            }
            index += 1
            guard case .identifier(let name) = current else { throw TSParseError(description: "name expected") }
            index += 1
            var generics: [String] = []
            if accept("<") {
                repeat {
                    guard case .identifier(let g) = current else { throw TSParseError(description: "generic expected") }
                    generics.append(g)
                    index += 1
                } while accept(",")
                try expect(">")
            }
            if keyword == "interface" {
                if current == .identifier("extends") {
                    // `interface XI extends X {}` (tsoa helpers): record as an alias.
                    index += 1
                    let base = try parseType()
                    result.append(TSDeclaration(name: name, generics: generics, type: base, doc: pendingDoc))
                    pendingDoc = nil
                    continue
                }
                let type = try parseObject()
                result.append(TSDeclaration(name: name, generics: generics, type: type, doc: pendingDoc))
            } else {
                try expect("=")
                let type = try parseType()
                _ = accept(";")
                result.append(TSDeclaration(name: name, generics: generics, type: type, doc: pendingDoc))
            }
            pendingDoc = nil
        }
        return result
    }

    mutating func parseType() throws -> TSType {
        _ = accept("|")
        var parts = [try parseIntersection()]
        while accept("|") { parts.append(try parseIntersection()) }
        return parts.count == 1 ? parts[0] : .union(parts)
    }

    private mutating func parseIntersection() throws -> TSType {
        var parts = [try parsePostfix()]
        while accept("&") { parts.append(try parsePostfix()) }
        return parts.count == 1 ? parts[0] : .intersection(parts)
    }

    private mutating func parsePostfix() throws -> TSType {
        var type = try parsePrimary()
        while current == .punct("[") && index + 1 < tokens.count && tokens[index + 1] == .punct("]") {
            index += 2
            type = .array(type)
        }
        return type
    }

    private mutating func parsePrimary() throws -> TSType {
        _ = skipDocs()
        switch current {
        case .punct("("):
            index += 1
            let inner = try parseType()
            try expect(")")
            return inner
        case .punct("{"):
            return try parseObject()
        case .string(let value):
            index += 1
            return .literal(value)
        case .identifier(let name):
            index += 1
            switch name {
            case "string", "number", "boolean", "null", "any", "unknown", "object", "undefined", "bigint":
                return .primitive(name)
            default:
                break
            }
            var args: [TSType] = []
            if accept("<") {
                repeat { args.append(try parseType()) } while accept(",")
                try expect(">")
            }
            if name == "Array", args.count == 1 { return .array(args[0]) }
            return .ref(name, args)
        default:
            throw TSParseError(description: "unexpected token \(String(describing: current)) at \(index)")
        }
    }

    private mutating func parseObject() throws -> TSType {
        try expect("{")
        var members: [TSMember] = []
        while true {
            let doc = skipDocs()
            if accept("}") { break }
            if accept("[") {
                // `[key in string]: T`
                while current != .punct("]") && current != nil { index += 1 }
                try expect("]")
                try expect(":")
                let value = try parseType()
                _ = accept(";") || accept(",")
                try expect("}")
                return .map(value)
            }
            guard case .identifier(let name) = current ?? .punct(" ") else {
                throw TSParseError(description: "member name expected, got \(String(describing: current))")
            }
            index += 1
            let optional = accept("?")
            try expect(":")
            let type = try parseType()
            members.append(TSMember(name: name, optional: optional, type: type, doc: doc))
            _ = accept(";") || accept(",")
        }
        return .object(members)
    }
}
