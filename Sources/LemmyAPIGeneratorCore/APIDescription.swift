/// The intermediate, version-merged description of the Lemmy API that the generator writes as
/// JSON (`api/lemmy-api.json`) and emits Swift from.
public struct APIDescription: Codable, Hashable, Sendable {
    /// A note about where the description came from.
    public var source: String
    /// Every js-client version described, oldest first.
    public var versions: [APIVersion]
    /// Every type of every version.
    public var types: [APIType]
    /// Every endpoint of every version.
    public var endpoints: [APIEndpoint]
    /// Every `LemmyErrorType` code of every version.
    public var errors: [APIErrorCode]
}

/// One lemmy-js-client tag.
public struct APIVersion: Codable, Hashable, Sendable {
    /// The tag (`0.19.0`) or ref (`main`).
    public var name: String
    /// `v3` or `v4`.
    public var generation: String
    /// Whether this client drops GET parameters that are false, 0 or empty.
    public var omitsFalsyQueryValues: Bool
    /// Number of types in `src/types`.
    public var typeCount: Int
    /// Number of endpoints in `src/http.ts`.
    public var endpointCount: Int
}

/// A TypeScript type spelling valid in a set of versions.
public struct VersionedTS: Codable, Hashable, Sendable {
    /// The versions using this spelling.
    public var versions: [String]
    /// Canonical TypeScript (see ``TSType/text``).
    public var ts: String
}

/// A JSON key used in a set of versions.
public struct VersionedKey: Codable, Hashable, Sendable {
    /// The key.
    public var key: String
    /// The versions using it.
    public var versions: [String]
}

/// A named type.
public struct APIType: Codable, Hashable, Sendable {
    /// The shape of a type.
    public enum Kind: String, Codable, Sendable {
        case object, `enum`, alias, taggedUnion, externalUnion, null
    }
    /// The js-client name.
    public var name: String
    /// The versions declaring it.
    public var versions: [String]
    /// Its shape (in the newest version declaring it).
    public var kind: Kind
    /// Generic parameters.
    public var generics: [String]?
    /// Doc comment from the newest version that has one.
    public var doc: String?
    /// Whether it is the form (request) type of some endpoint.
    public var isRequestForm: Bool?
    /// Members, for objects.
    public var members: [APIMember]?
    /// Cases, for enums and unions.
    public var cases: [APICase]?
    /// Discriminator key, for tagged unions (`type_`).
    public var tag: String?
    /// Target types, for aliases.
    public var alias: [VersionedTS]?
}

/// A member of an object type, merged over versions.
public struct APIMember: Codable, Hashable, Sendable {
    /// The keys this member is sent under, newest first (`published_at`, then `published`).
    public var keys: [VersionedKey]
    /// Versions where the member exists (under any key).
    public var versions: [String]
    /// Versions where the member is optional (`?:` or `| null`).
    public var optionalIn: [String]
    /// Its TypeScript types.
    public var types: [VersionedTS]
    /// Doc comment, newest first.
    public var doc: String?
}

/// An enum value or union case.
public struct APICase: Codable, Hashable, Sendable {
    /// The wire spellings (`Hot`, `hot`), newest last.
    public var values: [VersionedKey]
    /// The payload type of a union case.
    public var payload: String?
}

/// One endpoint of one API generation.
public struct APIEndpoint: Codable, Hashable, Sendable {
    /// The js-client method name.
    public var name: String
    /// `v3` or `v4`.
    public var generation: String
    /// How parameters are sent.
    public var kind: TSEndpoint.Kind
    /// HTTP method.
    public var verb: String
    /// Path below `/api/vN`, or absolute.
    public var path: String
    /// Whether `path` is absolute.
    public var absolutePath: Bool
    /// Versions that have the call.
    public var versions: [String]
    /// Form types by version (absent when the call takes no form).
    public var request: [VersionedTS]?
    /// Response types by version.
    public var response: [VersionedTS]
    /// Why the method and path, or the form or answer, differ from lemmy-js-client's
    /// (``ServerCorrections/rerouted``, ``ServerCorrections/retyped``); never in the description file.
    public var correction: String? = nil
}

/// A `LemmyErrorType` code.
public struct APIErrorCode: Codable, Hashable, Sendable {
    /// The snake_case wire code (`couldnt_find_post`).
    public var code: String
    /// Versions whose js client lists it.
    public var versions: [String]
    /// Whether the variant carries a `message`.
    public var hasMessage: Bool
}
