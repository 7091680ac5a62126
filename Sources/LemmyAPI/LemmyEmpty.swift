/// The form of an endpoint that takes no parameters; encodes as `{}`.
public struct LemmyEmptyForm: Codable, Hashable, Sendable {
    /// Creates the empty form.
    public init() {}
}

/// A response with no content (`null` in the js-client types); decodes from anything.
public struct LemmyEmptyResponse: Codable, Hashable, Sendable {
    /// Creates the value.
    public init() {}
    /// Accepts any payload.
    public init(from decoder: any Decoder) throws {}
    /// Encodes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
