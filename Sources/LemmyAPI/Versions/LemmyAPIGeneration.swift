/// The two generations of Lemmy's HTTP API.
public enum LemmyAPIGeneration: String, Codable, Hashable, Sendable, CaseIterable {
    /// `/api/v3`: Lemmy 0.18 and 0.19.
    case v3
    /// `/api/v4`: Lemmy 1.0.
    case v4

    /// The path prefix, `/api/v3` or `/api/v4`.
    public var pathPrefix: String { "/api/\(rawValue)" }

    /// The `userInfo` key an encoder/decoder uses to carry the generation. Enums encode their
    /// PascalCase spelling for v3 and snake_case for v4; merged keys (`published`/`published_at`)
    /// encode under the key of that generation.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "LemmyAPIGeneration")!
}

extension Encoder {
    /// The generation set in `userInfo`, if any.
    var lemmyGeneration: LemmyAPIGeneration? {
        userInfo[LemmyAPIGeneration.userInfoKey] as? LemmyAPIGeneration ?? lemmyVersionedCoding?.version.generation
    }
}
