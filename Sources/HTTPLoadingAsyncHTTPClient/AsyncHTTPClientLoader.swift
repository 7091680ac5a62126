public import AsyncHTTPClient
import Foundation
public import HTTPLoading
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// A terminal loader over AsyncHTTPClient (SwiftNIO), in its own module so the core of
/// HTTPLoading does not depend on NIO.
///
/// It never follows redirects (a `RedirectLoader` does), decompresses gzip and
/// deflate with a ratio limit, enforces `MaximumResponseSizeOption` while reading,
/// bounds the whole exchange by `RequestDeadlineOption`, cancels the request
/// when the calling task is cancelled, and reports the body's progress to
/// `UploadProgressOption`.
///
/// AsyncHTTPClient's own deadline stops at the response head, and a client has one read timeout
/// for all requests, so a body that trickles in would hold the request for ever; the loader
/// therefore runs each exchange under `ExchangeDeadline`.
public final class AsyncHTTPClientLoader: HTTPLoader {
    private let client: HTTPClient
    private let ownsClient: Bool

    /// Creates a loader with its own client on the shared event loop group; call ``shutdown()``
    /// when done with it.
    ///
    /// - Parameters:
    ///   - connectionsPerHost: the soft limit of HTTP/1 connections to one host.
    ///   - maximumDecompressionRatio: how many times its compressed size a body may inflate to;
    ///     AsyncHTTPClient fixes it per client, so `MaximumDecompressionRatioOption`
    ///     is not read per request here.
    public convenience init(
        connectionsPerHost: Int = 16,
        maximumDecompressionRatio: Int = MaximumDecompressionRatioOption.defaultValue
    ) {
        self.init(
            client: Self.makeClient(connectionsPerHost: connectionsPerHost, maximumDecompressionRatio: maximumDecompressionRatio),
            ownsClient: true)
    }

    /// A loader over one process-wide client with the default configuration, which is never shut
    /// down (as `HTTPClient.shared`, but without following redirects): for a default chain that has
    /// no owner to shut its terminal down. ``shutdown()`` does nothing on it.
    public static let shared = AsyncHTTPClientLoader(client: makeClient(), ownsClient: false)

    private init(client: HTTPClient, ownsClient: Bool) {
        self.client = client
        self.ownsClient = ownsClient
    }

    private static func makeClient(
        connectionsPerHost: Int = 16,
        maximumDecompressionRatio: Int = MaximumDecompressionRatioOption.defaultValue
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            decompression: .enabled(limit: .ratio(maximumDecompressionRatio))
        )
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
        configuration.httpVersion = .automatic
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Creates a loader over a client the caller configured and will shut down. The client must
    /// not follow redirects, or the chain's redirect policy is bypassed.
    public convenience init(client: HTTPClient) {
        self.init(client: client, ownsClient: false)
    }

    /// Shuts the owned client down; requests after this fail.
    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    /// Sends the request and collects the response body.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let prepared = try PreparedRequest(request)
        var outgoing = HTTPClientRequest(url: prepared.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: prepared.head.method.rawValue)
        for field in prepared.head.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body = prepared.body {
            if let progress = prepared.uploadProgress {
                // In pieces, so that the progress follows the connection taking them.
                outgoing.body = .stream(ReportingBodyChunks(body: body, progress: progress), length: .known(Int64(body.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: body))
            }
        }
        defer { prepared.uploadProgress?.finish() }
        // AsyncHTTPClient's deadline covers connecting, sending and the head only; the exchange
        // deadline covers the body too.
        let headTimeout = TimeAmount(min(prepared.timeout, prepared.deadline, ExchangeDeadline.unlimited))
        return try await ExchangeDeadline.run(prepared.deadline, for: request) {
            [client, outgoing] () async throws(LoadError) -> LoadResponse in
            do {
                let response = try await client.execute(outgoing, timeout: headTimeout)
                var fields = HTTPFields()
                for (name, value) in response.headers {
                    if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
                }
                let buffer = try await response.body.collect(upTo: prepared.maximumResponseSize)
                let head = HTTPResponse(
                    status: .init(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase), headerFields: fields)
                return LoadResponse(request: request, head: head, body: Data(buffer.readableBytesView))
            } catch {
                throw Task.isCancelled ? LoadError(.cancelled, request: request) : Self.map(error, request: request)
            }
        }
    }

    /// Nothing to reset in a transport.
    public func reset(in context: ResetContext) async {
        _ = context.claim(self)
    }

    static func map(_ error: any Error, request: LoadRequest) -> LoadError {
        if error is CancellationError { return LoadError(.cancelled, request: request) }
        if error is NIOTooManyBytesError {
            return LoadError(
                .responseTooLarge, request: request, message: "the body exceeds \(request.options[MaximumResponseSizeOption.self]) bytes")
        }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            if case .limit = error {
                return LoadError(
                    .responseTooLarge, request: request, underlying: SendableErrorBox(error),
                    message: "the body inflates past the decompression ratio limit")
            }
            return LoadError(.invalidResponse, request: request, underlying: SendableErrorBox(error), message: String(describing: error))
        }
        let description = String(describing: error)
        if let error = error as? HTTPClientError {
            let code: LoadError.Code
            switch error {
            case .cancelled: code = .cancelled
            case .readTimeout, .connectTimeout, .deadlineExceeded, .writeTimeout: code = .timedOut
            case .remoteConnectionClosed: code = .connectionLost
            case .invalidURL, .emptyHost, .emptyScheme: code = .invalidRequest
            case .bodyLengthMismatch, .invalidProxyResponse: code = .invalidResponse
            case .alreadyShutdown: code = .cannotConnect
            default: code = .unknown
            }
            return LoadError(code, request: request, underlying: SendableErrorBox(error), message: description)
        }
        if error is IOError || error is ChannelError {
            let timedOut = (error as? ChannelError).map { if case .connectTimeout = $0 { true } else { false } } ?? false
            return LoadError(
                timedOut ? .timedOut : .cannotConnect, request: request, underlying: SendableErrorBox(error), message: description)
        }
        if error is HTTPParserError {
            return LoadError(.invalidResponse, request: request, underlying: SendableErrorBox(error), message: description)
        }
        return LoadError(.unknown, request: request, underlying: SendableErrorBox(error), message: description)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
