/// The shape of one declaration in one version.
enum DeclarationShape: Equatable {
    case object([TSMember])
    case enumeration([String])
    case taggedUnion(tag: String, cases: [(String, TSType)])
    case externalUnion([(String, TSType)])
    case errorUnion([(code: String, hasMessage: Bool)])
    case null
    case alias(TSType)

    static func == (lhs: DeclarationShape, rhs: DeclarationShape) -> Bool { lhs.kind == rhs.kind }

    var kind: APIType.Kind {
        switch self {
        case .object: .object
        case .enumeration: .enum
        case .taggedUnion: .taggedUnion
        case .externalUnion: .externalUnion
        case .errorUnion: .enum
        case .null: .null
        case .alias: .alias
        }
    }

    /// Classifies a ts-rs declaration.
    static func classify(_ type: TSType) -> DeclarationShape {
        switch type {
        case .object(let members):
            return .object(members)
        case .literal(let value):
            return .enumeration([value])
        case .primitive("null"):
            return .null
        case .union(let parts):
            if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) {
                return .enumeration(parts.map { if case .literal(let v) = $0 { v } else { "" } })
            }
            if let errors = errorCases(parts) { return .errorUnion(errors) }
            if let (tag, cases) = taggedCases(parts) { return .taggedUnion(tag: tag, cases: cases) }
            if let cases = externalCases(parts) { return .externalUnion(cases) }
            return .alias(type)
        default:
            return .alias(type)
        }
    }

    private static func errorCases(_ parts: [TSType]) -> [(code: String, hasMessage: Bool)]? {
        var result: [(code: String, hasMessage: Bool)] = []
        for part in parts {
            guard case .object(let members) = part, let first = members.first,
                first.name == "error" || first.name == "error_type",
                case .literal(let value) = first.type
            else { return nil }
            let code = first.name == "error_type" ? snakeCase(value) : value
            result.append((code, members.contains { $0.name == "message" }))
        }
        return result
    }

    private static func taggedCases(_ parts: [TSType]) -> (String, [(String, TSType)])? {
        var tag: String?
        var cases: [(String, TSType)] = []
        for part in parts {
            guard case .intersection(let pieces) = part, pieces.count == 2,
                case .object(let tagMembers) = pieces[0], tagMembers.count == 1,
                case .literal(let value) = tagMembers[0].type
            else { return nil }
            if let tag, tag != tagMembers[0].name { return nil }
            tag = tagMembers[0].name
            cases.append((value, pieces[1]))
        }
        return tag.map { ($0, cases) }
    }

    private static func externalCases(_ parts: [TSType]) -> [(String, TSType)]? {
        var cases: [(String, TSType)] = []
        for part in parts {
            guard case .object(let members) = part, members.count == 1, !members[0].optional else { return nil }
            cases.append((members[0].name, members[0].type))
        }
        return cases
    }
}

/// `CouldNotFindPost` -> `could_not_find_post`.
public func snakeCase(_ pascal: String) -> String {
    var out = ""
    let chars = Array(pascal)
    for (i, c) in chars.enumerated() {
        if c.isUppercase {
            let prevLower = i > 0 && (chars[i - 1].isLowercase || chars[i - 1].isNumber)
            let nextLower = i + 1 < chars.count && chars[i + 1].isLowercase
            if i > 0 && (prevLower || (nextLower && chars[i - 1].isUppercase)) { out.append("_") }
            out.append(Character(c.lowercased()))
        } else {
            out.append(c)
        }
    }
    return out
}
