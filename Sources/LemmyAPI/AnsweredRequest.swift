public import Foundation

/// `Base` as a server answers it with `Answer`, where the generated declaration names another
/// answer: a Lemmy older or newer than the lemmy-js-client the types come from (Lemmy 1.0 answers
/// NotePerson with the noted person while lemmy-js-client still says `{"success": true}`).
///
/// Everything else is `Base`'s: method, path, versions, form and query.
public struct AnsweredRequest<Base: LemmyRequest, Answer: Decodable & Sendable>: LemmyRequest {
    /// The answer the server sends.
    public typealias Response = Answer
    /// `Base`'s method.
    public static var method: LemmyHTTPMethod { Base.method }
    /// `Base`'s path.
    public static var path: String { Base.path }
    /// Whether `Base`'s path is absolute.
    public static var isAbsolutePath: Bool { Base.isAbsolutePath }
    /// `Base`'s generation.
    public static var generation: LemmyAPIGeneration { Base.generation }
    /// `Base`'s versions.
    public static var versions: [String] { Base.versions }
    /// Whether `Base`'s form has the 0.18 `auth` member.
    public static var takesAuthField: Bool { Base.takesAuthField }
    /// The request as generated.
    public var base: Base

    /// The parameters, `Base`'s.
    public var form: Base.Form {
        get { base.form }
        set { base.form = newValue }
    }

    /// `base`, answered with `Answer`.
    public init(_ base: Base) { self.base = base }

    /// `Base`'s query.
    public func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] {
        try base.queryItems(style: style, version: version)
    }
}
