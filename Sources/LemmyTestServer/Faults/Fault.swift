/// A failure the server can inject instead of (or on top of) a normal answer.
public enum Fault: Sendable, Hashable, Codable {
    /// Answer normally after waiting this many milliseconds (through the server's sleeper).
    case latency(milliseconds: Int)
    /// Answer with `status` and a Lemmy error body `{"error": code}` in the dialect's format.
    case status(code: Int, error: String)
    /// Answer 429 with `Retry-After: seconds` and the dialect's rate-limit body.
    case tooManyRequests(retryAfterSeconds: Int)
    /// Answer the dialect's own rate-limit error (0.18/0.19: 400 `rate_limit_error`; 1.0: 429 `too_many_requests`).
    case lemmyRateLimit
    /// Send the real answer's headers and half of its body, then close the connection
    /// (Content-Length promises the whole body).
    case truncatedBody
    /// Answer 200 with a body that is not valid JSON.
    case malformedJSON
    /// Close the connection without answering (the request is not applied).
    case closeConnection
    /// Apply the request, then close the connection without answering: the change happened,
    /// but the client never hears about it.
    case closeAfterHandling
    /// Answer normally, with every match of the regular expression `pattern` in the body replaced
    /// by `replacement` (taken literally): a hostile server's numbers or text in real answers.
    /// Every rewrite rule that matches applies, in order, on top of a normal or delayed answer.
    case rewriteBody(pattern: String, replacement: String)
    /// Answer 200 with a body of `megabytes` MiB (one JSON string, which no response type
    /// decodes) without applying the request; capped at 1024.
    case hugeBody(megabytes: Int)
}

extension Fault {
    /// Whether this is a body rewrite (which combines with other rewrites and faults).
    var isRewrite: Bool {
        if case .rewriteBody = self { return true }
        return false
    }
}

/// When and where a ``Fault`` applies.
public struct FaultRule: Sendable, Hashable, Codable {
    /// The fault.
    public var fault: Fault
    /// A path suffix to match (`/post/list`), or nil for every API path.
    public var route: String?
    /// The HTTP method to match, or nil for any.
    public var method: String?
    /// The probability a matching request is hit, 0...1, decided by a generator seeded with `seed`.
    public var rate: Double
    /// How many times the rule may fire before it is spent; nil for unlimited.
    public var count: Int?
    /// The seed of the rule's random decisions (same seed, same sequence of hits).
    public var seed: UInt64

    /// Creates a rule.
    public init(_ fault: Fault, route: String? = nil, method: String? = nil, rate: Double = 1, count: Int? = nil, seed: UInt64 = 1) {
        self.fault = fault
        self.route = route
        self.method = method
        self.rate = rate
        self.count = count
        self.seed = seed
    }

    /// Whether the rule applies to a request for `path` (without the query) with `method`; a
    /// client in a test can use it to know which of its requests the server will fault.
    public func matches(path: String, method: String) -> Bool {
        if let route, !path.hasSuffix(route) { return false }
        if let wanted = self.method, wanted.uppercased() != method.uppercased() { return false }
        return true
    }
}

extension FaultRule {
    private enum CodingKeys: String, CodingKey { case fault, route, method, rate, count, seed }

    /// Decodes a rule; `rate` defaults to 1 and `seed` to 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Fault.self, forKey: .fault),
            route: try container.decodeIfPresent(String.self, forKey: .route),
            method: try container.decodeIfPresent(String.self, forKey: .method),
            rate: try container.decodeIfPresent(Double.self, forKey: .rate) ?? 1,
            count: try container.decodeIfPresent(Int.self, forKey: .count),
            seed: try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1)
    }
}
