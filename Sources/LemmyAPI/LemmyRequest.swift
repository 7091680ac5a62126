public import Foundation
import HTTPLoading

/// HTTP methods used by Lemmy's API.
public enum LemmyHTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

/// A typed, transport-agnostic description of one Lemmy API call.
///
/// A raw client builds the URL as `baseURL + Self.generation.pathPrefix + Self.path` (or
/// `baseURL + Self.path` when ``isAbsolutePath``), sends ``queryItems(style:)`` for GET and
/// ``jsonBody()`` for every other method (1.0 DELETE requests carry JSON bodies too), and decodes
/// the body as ``Response``. On 0.18 (``takesAuthField``) the caller puts the token into the
/// form's `auth`; on 0.19+ it must leave `auth` nil and send `Authorization: Bearer`.
public protocol LemmyRequest: Sendable {
    /// The parameters (query for GET, JSON body otherwise).
    associatedtype Form: Encodable & Sendable
    /// The decoded response.
    associatedtype Response: Decodable & Sendable
    /// HTTP method.
    static var method: LemmyHTTPMethod { get }
    /// Path below ``LemmyAPIGeneration/pathPrefix``.
    static var path: String { get }
    /// Whether ``path`` is absolute (not below `/api/vN`, e.g. `/nodeinfo/2.1`).
    static var isAbsolutePath: Bool { get }
    /// The API generation the path belongs to.
    static var generation: LemmyAPIGeneration { get }
    /// The lemmy-js-client versions that have this call.
    static var versions: [String] { get }
    /// Whether the form has the 0.18 `auth` member.
    static var takesAuthField: Bool { get }
    /// The parameters.
    var form: Form { get set }
    /// The GET query as the official client of `style` encodes it; empty for other methods. With
    /// a `version`, enum values use that version's spelling, and a parameter or value the version
    /// does not have is refused before anything is sent.
    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem]
}

/// A v3 request whose form has the 0.18 `auth` member.
///
/// Lemmy 0.18 reads the token only from `auth` (query for GET, JSON body otherwise); 0.19 and
/// later ignore it and must never receive it, since a GET would put the token in the URL.
public protocol LemmyAuthFieldRequest: LemmyRequest {
    /// The form's `auth` member.
    var auth: String? { get set }
}

extension LemmyRequest {
    /// The query as the official client of this generation encodes it.
    public var queryItems: [URLQueryItem] { queryItems(style: .default(for: Self.generation)) }

    /// The GET query in `style`, version-agnostic (every member with a value, newest spelling of
    /// the generation); use ``queryItems(style:version:)`` for a known server.
    public func queryItems(style: LemmyQueryStyle) -> [URLQueryItem] {
        // Without a version nothing is refused, so this cannot fail.
        (try? queryItems(style: style, version: nil)) ?? []
    }

    /// The JSON body, nil for GET. Enums use the spelling of ``generation``.
    public func jsonBody() throws -> Data? { try jsonBody(version: nil) }

    /// The JSON body for a server speaking `version`, nil for GET: that version's keys and enum
    /// spellings; a member or value the version lacks throws ``LemmyVersionError``.
    public func jsonBody(version: LemmyAPIVersion?) throws -> Data? {
        guard Self.method != .get else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[LemmyAPIGeneration.userInfoKey] = Self.generation
        if let version {
            encoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version, absentMembers: .reject)
        }
        return try encoder.encode(form)
    }

    /// ``path`` with the generation prefix unless absolute.
    public static var fullPath: String { isAbsolutePath ? path : generation.pathPrefix + path }
}

/// Which GET parameters the official client drops.
public enum LemmyQueryStyle: Hashable, Sendable {
    /// js-client 0.18.0 ... 0.19.8 (`filter(kv => !!kv[1])`): nil, false, 0 and "" are not sent.
    case omitFalsy
    /// js-client 0.19.9+ and 1.0 (`kv[1] !== undefined && kv[1] !== null`): only nil is dropped.
    case omitNil

    /// The style of the given generation's reference client: `omitFalsy` for v3, `omitNil` for v4.
    public static func `default`(for generation: LemmyAPIGeneration) -> LemmyQueryStyle {
        generation == .v3 ? .omitFalsy : .omitNil
    }
}

/// A value that can be a GET parameter.
public protocol LemmyQueryValue {
    /// The text JavaScript's `String(value)` would give.
    func queryText(for generation: LemmyAPIGeneration) -> String
    /// The text for a server speaking `version` (nil: version-agnostic); throws for an enum value
    /// the version lacks.
    func queryText(for generation: LemmyAPIGeneration, version: LemmyAPIVersion?) throws(LemmyVersionError) -> String
    /// Whether JavaScript considers the value falsy.
    var isFalsy: Bool { get }
    /// Whether the value is JavaScript's `null`, which js-client drops like `undefined`.
    var isNull: Bool { get }
}

extension LemmyQueryValue {
    /// Only a JSON value can be `null`.
    public var isNull: Bool { false }

    /// Values other than enums read the same in every version.
    public func queryText(for generation: LemmyAPIGeneration, version: LemmyAPIVersion?) throws(LemmyVersionError) -> String {
        queryText(for: generation)
    }
}

extension Int: LemmyQueryValue {
    /// Decimal digits.
    public func queryText(for generation: LemmyAPIGeneration) -> String { String(self) }
    /// `0` is falsy.
    public var isFalsy: Bool { self == 0 }
}

extension Double: LemmyQueryValue {
    /// JavaScript number formatting for integral values, else Swift's shortest form.
    public func queryText(for generation: LemmyAPIGeneration) -> String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
    /// `0` and NaN are falsy.
    public var isFalsy: Bool { self == 0 || isNaN }
}

extension Bool: LemmyQueryValue {
    /// `true` or `false`.
    public func queryText(for generation: LemmyAPIGeneration) -> String { self ? "true" : "false" }
    /// `false` is falsy.
    public var isFalsy: Bool { !self }
}

extension String: LemmyQueryValue {
    /// The string itself.
    public func queryText(for generation: LemmyAPIGeneration) -> String { self }
    /// `""` is falsy.
    public var isFalsy: Bool { isEmpty }
}

extension LemmyDate: LemmyQueryValue {
    /// The raw timestamp.
    public func queryText(for generation: LemmyAPIGeneration) -> String { rawValue }
    /// Never falsy.
    public var isFalsy: Bool { false }
}

extension Array: LemmyQueryValue where Element: LemmyQueryValue {
    /// Comma-joined, like JavaScript's `String(array)`.
    public func queryText(for generation: LemmyAPIGeneration) -> String {
        map { $0.queryText(for: generation) }.joined(separator: ",")
    }

    /// Comma-joined, each element in `version`'s spelling.
    public func queryText(for generation: LemmyAPIGeneration, version: LemmyAPIVersion?) throws(LemmyVersionError) -> String {
        var parts: [String] = []
        for element in self { parts.append(try element.queryText(for: generation, version: version)) }
        return parts.joined(separator: ",")
    }
    /// Arrays are truthy in JavaScript, even when empty.
    public var isFalsy: Bool { false }
}

extension LemmyJSONValue: LemmyQueryValue {
    /// JavaScript's `String(value)` for the members lemmy-js-client declares as a string union
    /// (1.0's `"all" | ModlogKind`, `"all" | NotificationType`; the value as the caller spells
    /// it): a string as it is, a number and a boolean as ``Double`` and ``Bool`` write them;
    /// `null`, arrays and objects, which no Lemmy form takes in a query, as JSON.
    public func queryText(for generation: LemmyAPIGeneration) -> String {
        switch self {
        case .string(let text): text
        case .number(let number): number.queryText(for: generation)
        case .bool(let flag): flag.queryText(for: generation)
        case .null, .array, .object: (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? ""
        }
    }
    /// `null` (dropped in every style, as js-client drops it).
    public var isNull: Bool { self == .null }
    /// JavaScript's falsy values: `""`, `0`, `false`, `null`.
    public var isFalsy: Bool {
        switch self {
        case .string(let text): text.isFalsy
        case .number(let number): number.isFalsy
        case .bool(let flag): flag.isFalsy
        case .null: true
        case .array, .object: false
        }
    }
}

extension LemmyQueryValue where Self: LemmyStringEnum {
    /// The enum spelling of the generation.
    public func queryText(for generation: LemmyAPIGeneration) -> String { wireValue(for: generation) }

    /// The enum spelling of `version`; refused when the version lacks the case.
    public func queryText(for generation: LemmyAPIGeneration, version: LemmyAPIVersion?) throws(LemmyVersionError) -> String {
        guard let version else { return wireValue(for: generation) }
        guard let text = wireValue(in: version) else {
            throw LemmyVersionError(kind: .enumCase, typeName: String(describing: Self.self), name: "\(self)", version: version)
        }
        return text
    }
    /// Never falsy (enum strings are non-empty).
    public var isFalsy: Bool { false }
}

/// Collects GET parameters in declaration order, dropping what the official client drops.
public struct LemmyQueryBuilder: Sendable {
    /// The items so far.
    public private(set) var items: [URLQueryItem] = []
    let style: LemmyQueryStyle
    let generation: LemmyAPIGeneration
    let version: LemmyAPIVersion?
    let typeName: String

    /// Creates a builder; with a `version`, parameters and values that version lacks are refused.
    public init(style: LemmyQueryStyle, generation: LemmyAPIGeneration, version: LemmyAPIVersion? = nil, typeName: String = "") {
        self.style = style
        self.generation = generation
        self.version = version
        self.typeName = typeName
    }

    /// Adds `key=value` unless the style drops the value. A value that would be sent for a member
    /// outside `versions`, when the builder has a version, throws: the server would ignore it.
    ///
    /// A falsy value of a member the server's version requires (`required`; with no version, any
    /// version) is sent even in the ``LemmyQueryStyle/omitFalsy`` style. The official client drops
    /// it, and the server then refuses the whole query for the missing member: js-client 0.19's
    /// `search({ q: "" })` is answered with an error by 0.19, where `q=` lists everything.
    public mutating func add(
        _ key: String, _ value: (some LemmyQueryValue)?, in versions: LemmyVersionSet = .all, required: LemmyVersionSet = []
    ) throws(LemmyVersionError) {
        // JSON null is JavaScript's null: dropped in both styles, like a missing value.
        guard let value, !value.isNull else { return }
        if style == .omitFalsy && value.isFalsy && !(version.map(required.contains) ?? !required.isEmpty) { return }
        if let version, !versions.contains(version) {
            throw LemmyVersionError(kind: .member, typeName: typeName, name: key, version: version)
        }
        items.append(URLQueryItem(name: key, value: try value.queryText(for: generation, version: version)))
    }
}

/// Percent-encoding exactly like JavaScript's `encodeURIComponent`.
public enum LemmyQueryEncoding {
    /// What `encodeURIComponent` leaves as it is.
    private static let uriComponent = PercentEncoding(keepingLettersDigitsAnd: "-_.!~*'()")

    /// Encodes one component.
    public static func encodeURIComponent(_ text: String) -> String {
        uriComponent.encode(text)
    }

    /// `k=v&k2=v2` as the js client builds it.
    public static func percentEncodedQuery(_ items: [URLQueryItem]) -> String {
        items.map { encodeURIComponent($0.name) + "=" + encodeURIComponent($0.value ?? "") }.joined(separator: "&")
    }
}
