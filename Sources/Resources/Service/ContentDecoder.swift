public import Foundation
public import HTTPLoading

/// Turns a successful response into a resource's content.
///
/// Decoding runs off the main actor. A decoder that throws makes the load fail with
/// ``ResourceError/Cause-swift.enum/decoding(_:)``, and the previous data is kept.
public struct ContentDecoder: Sendable {
    private let decodeResponse: @Sendable (LoadResponse) throws -> any Sendable

    /// A decoder running `decode`.
    public init(_ decode: @escaping @Sendable (LoadResponse) throws -> any Sendable) {
        decodeResponse = decode
    }

    /// Decodes `response`.
    public func decode(_ response: LoadResponse) throws -> any Sendable {
        try decodeResponse(response)
    }

    /// The raw body as `Data`.
    public static let data = ContentDecoder { $0.body }

    /// The body as a UTF-8 `String`; fails on invalid UTF-8.
    public static let text = ContentDecoder { response in
        guard let text = String(data: response.body, encoding: .utf8) else {
            throw DecodingFailure("the body is not valid UTF-8")
        }
        return text
    }

    /// The body decoded as JSON into `T`, with a decoder made by `makeDecoder` for each response.
    public static func json<T: Decodable & Sendable>(
        _ type: T.Type,
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) -> ContentDecoder {
        ContentDecoder { response in
            do {
                return try makeDecoder().decode(T.self, from: response.body)
            } catch let error as DecodingError {
                throw DecodingFailure("\(T.self): \(DecodingFailure.describe(error))")
            }
        }
    }

    /// This decoder followed by `transform` of its content.
    public func map<In, Out: Sendable>(
        _ transform: @escaping @Sendable (In) throws -> Out
    ) -> ContentDecoder {
        ContentDecoder { response in
            let content = try self.decode(response)
            guard let input = content as? In else {
                throw DecodingFailure("expected \(In.self), got \(type(of: content))")
            }
            return try transform(input)
        }
    }
}

/// A decoder for responses whose `Content-Type` matches a pattern such as `application/json`,
/// `text/*` or `*/*`.
public struct ContentTypeDecoder: Sendable {
    /// The media type pattern; `*` matches any type or subtype.
    public var contentType: String
    /// The decoder.
    public var decoder: ContentDecoder

    /// Creates a decoder for `contentType`.
    public init(_ contentType: String, _ decoder: ContentDecoder) {
        self.contentType = contentType
        self.decoder = decoder
    }

    /// Whether `mediaType` (parameters such as `charset` are ignored) matches the pattern.
    public func matches(_ mediaType: String?) -> Bool {
        let actual = (mediaType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let wanted = contentType.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        let parts = actual.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == 2, parts.count == 2 else { return contentType == "*/*" }
        return (wanted[0] == "*" || wanted[0] == parts[0]) && (wanted[1] == "*" || wanted[1] == parts[1])
    }
}

/// A decoding failure with a message naming what was wrong.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// Creates a failure described by `description`.
    public init(_ description: String) { self.description = description }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return path(context)
        case .keyNotFound(let key, let context):
            return "missing key \(key.stringValue) at \(path(context))"
        @unknown default:
            return String(describing: error)
        }
    }
}
