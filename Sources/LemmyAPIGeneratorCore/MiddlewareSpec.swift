import Foundation

/// The content-model declarations of `scripts/middleware-models.spec`, parsed.
///
/// The spec declares each LemmyMiddleware entity's fields once; ``MiddlewareModelEmitter`` turns
/// them into the tier classes, snapshots and `-Providing` protocols.
public struct MiddlewareSpec: Equatable, Sendable {
    /// One field line: `let|var|ref|refs name: Type -- doc`.
    public struct Field: Equatable, Sendable {
        /// `let`, `var`, `ref` or `refs`.
        public var kind: String
        /// The Swift property name.
        public var name: String
        /// The Swift type, as written.
        public var type: String
        /// The one-line documentation.
        public var doc: String

        /// A field with these parts.
        public init(kind: String, name: String, type: String, doc: String) {
            self.kind = kind
            self.name = name
            self.type = type
            self.doc = doc
        }

        /// Whether the type is optional (`T?`).
        public var optional: Bool { type.hasSuffix("?") }
        /// Whether the field is a `URL` or `URL?`, which the models keep as the text the server sent
        /// (`LinkText`) and parse only when read: parsing every link of a page as it arrived was a
        /// fifth of merging it.
        public var isLink: Bool { type == "URL" || type == "URL?" }
        /// The type the snapshot and the model's storage hold: `LinkText` for a link, else ``type``.
        public var storedType: String { isLink ? (optional ? "LinkText?" : "LinkText") : type }
        /// The model's stored property: `<name>Text` for a link, else ``name``.
        public var storedName: String { isLink ? name + "Text" : name }
    }

    /// One `tier N` block.
    public struct Tier: Equatable, Sendable {
        /// The tier number, from 1.
        public var number: Int
        /// Protocols this tier and the ones above conform to.
        public var protocols: [String]
        /// The tier's fields, in spec order.
        public var fields: [Field]
    }

    /// One `entity NAME` block.
    public struct Entity: Equatable, Sendable {
        /// The entity name, e.g. `Post`.
        public var name: String
        /// Protocols every tier conforms to.
        public var protocols: [String]
        /// The tiers, lowest first.
        public var tiers: [Tier]
    }

    /// The entities, in spec order.
    public var entities: [Entity]

    /// Parses the spec's text; a line it cannot read is a ``MiddlewareSpecError`` naming the line.
    public static func parse(_ text: String) throws -> MiddlewareSpec {
        var entities: [Entity] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line starting with `#` is a comment; elsewhere `#` starts a trailing comment.
            let line =
                raw.drop { $0 == " " || $0 == "\t" }.first == "#"
                ? "" : String(raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let words = line.trimmingWhitespace()
            if words.isEmpty { continue }
            if let rest = words.dropPrefix("entity ") {
                let (name, protocols) = try header(rest, raw: raw)
                entities.append(Entity(name: name, protocols: protocols, tiers: []))
                continue
            }
            if let rest = words.dropPrefix("tier ") {
                let (number, protocols) = try header(rest, raw: raw)
                guard let n = Int(number), number.allSatisfy(\.isNumber), !entities.isEmpty else {
                    throw MiddlewareSpecError("cannot parse: \(String(reflecting: String(raw)))")
                }
                entities[entities.count - 1].tiers.append(Tier(number: n, protocols: protocols, fields: []))
                continue
            }
            guard let field = Self.field(words), !entities.isEmpty, !entities[entities.count - 1].tiers.isEmpty else {
                throw MiddlewareSpecError("cannot parse: \(String(reflecting: String(raw)))")
            }
            let e = entities.count - 1
            entities[e].tiers[entities[e].tiers.count - 1].fields.append(field)
        }
        return MiddlewareSpec(entities: entities)
    }

    /// `NAME [: P, Q]` -> (NAME, [P, Q]).
    private static func header(_ text: String, raw: Substring) throws -> (String, [String]) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]).trimmingWhitespace()
        guard !name.isEmpty, name.allSatisfy(isWord), parts[0].last.map({ $0 == " " || isWord($0) }) ?? false else {
            throw MiddlewareSpecError("cannot parse: \(String(reflecting: String(raw)))")
        }
        guard parts.count == 2 else { return (name, []) }
        let list = String(parts[1]).trimmingWhitespace()
        return (
            name, list.isEmpty ? [] : list.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        )
    }

    /// `kind name: Type -- doc`, or nil.
    private static func field(_ words: String) -> Field? {
        guard let space = words.firstIndex(of: " ") else { return nil }
        let kind = String(words[..<space])
        guard ["let", "var", "ref", "refs"].contains(kind) else { return nil }
        let rest = words[words.index(after: space)...]
        guard let colon = rest.range(of: ": ") else { return nil }
        let name = String(rest[..<colon.lowerBound])
        guard !name.isEmpty, name.allSatisfy(isWord) else { return nil }
        let typeAndDoc = rest[colon.upperBound...]
        // The type is the shortest prefix followed by whitespace, `--`, whitespace.
        var index = typeAndDoc.index(after: typeAndDoc.startIndex)
        while index < typeAndDoc.endIndex {
            if typeAndDoc[index].isWhitespace {
                var dash = index
                while dash < typeAndDoc.endIndex, typeAndDoc[dash].isWhitespace { dash = typeAndDoc.index(after: dash) }
                if typeAndDoc[dash...].hasPrefix("--") {
                    var doc = typeAndDoc.index(dash, offsetBy: 2)
                    if doc < typeAndDoc.endIndex, typeAndDoc[doc].isWhitespace {
                        while doc < typeAndDoc.endIndex, typeAndDoc[doc].isWhitespace { doc = typeAndDoc.index(after: doc) }
                        return Field(kind: kind, name: name, type: String(typeAndDoc[..<index]), doc: String(typeAndDoc[doc...]))
                    }
                }
            }
            index = typeAndDoc.index(after: index)
        }
        return nil
    }

    private static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

/// A spec line the parser cannot read.
public struct MiddlewareSpecError: Error, CustomStringConvertible {
    /// What failed, with the line.
    public var description: String

    init(_ description: String) { self.description = description }
}
