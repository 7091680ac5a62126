public import Foundation
public import HTTPTypes

/// The answer to a ``LoadRequest``: the response head and its fully buffered body.
///
/// Any status is a response; deciding that a status is a failure is the job of a
/// ``ValidationLoader`` or of the caller.
public struct LoadResponse: Sendable {
    /// The request that produced this response, as it was when it reached the transport
    /// (after environment, authentication and redirects were applied).
    public var request: LoadRequest
    /// The status and header fields.
    public var head: HTTPResponse {
        didSet { statusCode = head.status.code }
    }
    /// The body bytes, already decompressed by the transport.
    public var body: Data
    /// The status code, kept beside the head: `HTTPResponse.status` reads it from the status
    /// field's text and copies the reason phrase every time, and four loaders of a full chain ask
    /// for it on every response.
    public private(set) var statusCode: Int

    /// Creates a response.
    public init(request: LoadRequest, head: HTTPResponse, body: Data = Data()) {
        self.request = request
        self.head = head
        self.body = body
        self.statusCode = head.status.code
    }

    /// Creates a response with a status, header fields and a body.
    public init(request: LoadRequest, status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data()) {
        self.init(request: request, head: HTTPResponse(status: status, headerFields: headerFields), body: body)
    }

    /// The response status.
    public var status: HTTPResponse.Status { head.status }

    /// The response header fields.
    public var headerFields: HTTPFields { head.headerFields }
}
