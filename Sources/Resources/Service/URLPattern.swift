/// A pattern over URL paths: `*` matches within one path segment, `**` across any number of
/// segments; everything else matches itself. The query string is ignored.
///
/// `/users/*` matches `/users/42` but not `/users/42/posts`; `/users/**` matches both and
/// `/users` itself.
public struct URLPattern: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The pattern text.
    public let pattern: String

    /// Creates a pattern.
    public init(_ pattern: String) { self.pattern = pattern }

    /// Creates a pattern from a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// Matches every path.
    public static let all: URLPattern = "**"

    /// Whether `path` (without the query) matches.
    public func matches(_ path: String) -> Bool {
        var pattern = Array(pattern)
        // "/users/**" also matches "/users".
        if pattern.count >= 3, pattern.suffix(3) == ["/", "*", "*"], !path.hasSuffix("/"),
            Self.match(Array(pattern.dropLast(3)), 0, Array(path), 0)
        {
            return true
        }
        if pattern.first != "/", pattern.first != "*" { pattern.insert("/", at: 0) }
        return Self.match(pattern, 0, Array(path), 0)
    }

    private static func match(_ pattern: [Character], _ p: Int, _ path: [Character], _ s: Int) -> Bool {
        if p == pattern.count { return s == path.count }
        if pattern[p] == "*" {
            let crossesSegments = p + 1 < pattern.count && pattern[p + 1] == "*"
            let rest = p + (crossesSegments ? 2 : 1)
            var index = s
            while true {
                if match(pattern, rest, path, index) { return true }
                guard index < path.count, crossesSegments || path[index] != "/" else { return false }
                index += 1
            }
        }
        guard s < path.count, pattern[p] == path[s] else { return false }
        return match(pattern, p + 1, path, s + 1)
    }
}
