public import Foundation
public import HTTPTypes

/// One version of a resource's data: decoded content plus the response metadata it came with.
public struct ResourceEntity: Sendable {
    /// The decoded content.
    public var content: any Sendable
    /// The response header fields (empty for local data).
    public var headerFields: HTTPFields
    /// The raw body as received, used to spot unchanged data and to fill a persistent cache;
    /// `nil` for local data.
    public var body: Data?
    /// When the data was received or last confirmed by the server (e.g. by a 304).
    public var timestamp: Date

    /// Creates an entity.
    public init(content: any Sendable, headerFields: HTTPFields = [:], body: Data? = nil, timestamp: Date) {
        self.content = content
        self.headerFields = headerFields
        self.body = body
        self.timestamp = timestamp
    }

    /// The entity tag the server sent, sent back as `If-None-Match` on the next load.
    public var etag: String? { headerFields[.eTag] }

    /// The `Content-Type` the server sent.
    public var contentType: String? { headerFields[.contentType] }

    /// The content as `T`, or `nil` when it is another type.
    public func typedContent<T>(as type: T.Type = T.self) -> T? { content as? T }
}
