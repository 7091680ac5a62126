public import AsyncHTTPClient
import Foundation
public import HTTPLoading
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import Synchronization

/// A terminal loader over AsyncHTTPClient (SwiftNIO), in its own module so the core of
/// HTTPLoading does not depend on NIO.
///
/// It never follows redirects (a `RedirectLoader` does), decompresses gzip and
/// deflate with a ratio limit, enforces `MaximumResponseSizeOption` while reading,
/// bounds the whole exchange by `RequestDeadlineOption`, cancels the request
/// when the calling task is cancelled, and reports the body's progress to
/// `UploadProgressOption`.
///
/// The exchange runs under AsyncHTTPClient's async API (an upload that reports its progress, under
/// its delegate API); the deadline covers the whole body too (a body that trickles in or stalls
/// cannot hold the request for ever). A client has one read timeout for all requests, so
/// `TimeoutOption` bounds the wait for the response head instead.
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
        HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: configuration(connectionsPerHost: connectionsPerHost, maximumDecompressionRatio: maximumDecompressionRatio))
    }

    /// The configuration of the loader's own clients.
    static func configuration(connectionsPerHost: Int, maximumDecompressionRatio: Int) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            decompression: .enabled(limit: .ratio(maximumDecompressionRatio))
        )
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
        // A refused or unreachable host fails the request at once, as under URLSession. By default
        // AsyncHTTPClient tries to connect again until its connect timeout (10 s), so a dead
        // instance took 30 s to report through the default chain, whose RetryLoader retries such
        // failures itself, with backoff.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .automatic
        return configuration
    }

    /// Creates a loader over a client the caller configured and will shut down. The client must
    /// not follow redirects, or the chain's redirect policy is bypassed. The loader's own clients
    /// also set `connectionPool.retryConnectionEstablishment` to false, so that a refused or
    /// unreachable host fails at once instead of after the connect timeout; set it on this client
    /// for the same.
    public convenience init(client: HTTPClient) {
        self.init(client: client, ownsClient: false)
    }

    /// Shuts the owned client down; requests after this fail.
    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    /// Sends the request and collects the response body.
    ///
    /// Runs under AsyncHTTPClient's async API, whose exchange is not generic code: its delegate
    /// API runs `RequestBag<Delegate>` unspecialized, which cost this terminal about 8,000
    /// instructions a request more (generic-metadata lookups, exclusivity checks, copies of its
    /// state) even after paying for the body's task here. The async API's deadline stops at the
    /// response head, so the body is collected under the rest of the exchange's deadline by
    /// `collectBody(of:upTo:before:on:)`. An upload that reports its progress keeps the delegate
    /// API, whose stream writer tells when the connection has taken each piece.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let prepared = try PreparedRequest(request)
        if prepared.uploadProgress != nil { return try await loadReportingUpload(prepared, request: request) }
        let exchange = Exchange(prepared)
        do {
            let response = try await client.execute(exchange.request, deadline: exchange.headDeadline)
            let body = try await Self.collectBody(
                of: response, upTo: exchange.sizeLimit, before: exchange.deadline, on: client.eventLoopGroup)
            return Self.response(to: request, status: response.status, headers: response.headers, body: body)
        } catch {
            throw Self.failure(error, request: request)
        }
    }

    // The request, the response and the error are built in functions that are not inlined, to keep
    // `load`'s async frame small: their temporaries then live on the thread's stack.

    /// What `load` sends, the deadlines of its head and of the whole exchange, and the most body
    /// it takes.
    private struct Exchange {
        var request: HTTPClientRequest
        var headDeadline: NIODeadline
        var deadline: NIODeadline?
        var sizeLimit: Int

        @inline(never)
        init(_ prepared: PreparedRequest) {
            sizeLimit = min(prepared.maximumResponseSize, AsyncHTTPClientLoader.largestBuffer)
            deadline = AsyncHTTPClientLoader.exchangeDeadline(of: prepared)
            headDeadline = AsyncHTTPClientLoader.headTimeout(of: prepared).map { .now() + $0 } ?? deadline ?? .distantFuture
            request = HTTPClientRequest(url: prepared.url.absoluteString)
            request.method = HTTPMethod(rawValue: prepared.head.method.rawValue)
            request.headers = AsyncHTTPClientLoader.headers(of: prepared)
            if let body = prepared.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        }
    }

    /// The response to `request` in the chain's form.
    @inline(never)
    private static func response(to request: LoadRequest, status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer)
        -> LoadResponse
    {
        LoadResponse(request: request, head: head(status: status, headers: headers), body: body.withUnsafeReadableBytes { Data($0) })
    }

    /// The chain's error for a failed exchange: a cancellation when the caller cancelled.
    @inline(never)
    private static func failure(_ error: any Error, request: LoadRequest) -> LoadError {
        Task.isCancelled ? LoadError(.cancelled, request: request) : map(error, request: request)
    }

    /// Collects the body of `response` by `deadline`.
    ///
    /// The collection runs in a task of its own, which a timer can cancel at the deadline (a
    /// cancelled read ends the exchange and closes its connection). The task starts at once on
    /// the caller's thread: a body that has already arrived, as most do with their head, is
    /// collected without a suspension and needs no timer (about 99% of loopback requests at one at
    /// a time, 97% at 16). Where `Task.immediate` is missing (Apple's releases before 26, where
    /// this terminal is not the default) every body takes the task's hop and the timer.
    private static func collectBody(
        of response: HTTPClientResponse, upTo limit: Int, before deadline: NIODeadline?, on group: any EventLoopGroup
    ) async throws -> ByteBuffer {
        let finished = Atomic(false)
        let collection = startAtOnce { () async throws -> ByteBuffer in
            defer { finished.store(true, ordering: .releasing) }
            return try await response.body.collect(upTo: limit)
        }
        guard !finished.load(ordering: .acquiring), let deadline else { return try await collection.value }
        let timedOut = Atomic(false)
        let timer = group.any().scheduleTask(deadline: deadline) {
            timedOut.store(true, ordering: .releasing)
            collection.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await collection.value
            } onCancel: {
                collection.cancel()
            }
        } catch {
            // The timer's cancel is a timeout; a failure that came first is thrown as it is.
            guard timedOut.load(ordering: .acquiring), Self.isCancellation(error) else { throw error }
            throw HTTPClientError.deadlineExceeded
        }
    }

    /// Whether `error` is how a cancelled body read ends: NIO's sequence throws
    /// `CancellationError`; AsyncHTTPClient fails a cancelled exchange with `.cancelled`.
    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? HTTPClientError) == .cancelled
    }

    /// A task running `operation`, started on the caller's thread where `Task.immediate` exists
    /// (Swift 6.2's standard library, Apple's 26 releases); elsewhere a task on the global executor.
    private static func startAtOnce<T: Sendable>(_ operation: sending @escaping @isolated(any) () async throws -> T) -> Task<T, any Error> {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: operation)
        }
        #endif
        return Task(operation: operation)
    }

    /// The response head in swift-http-types' form.
    private static func head(status: HTTPResponseStatus, headers: HTTPHeaders) -> HTTPResponse {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            if let fieldName = fieldName(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return HTTPResponse(status: .init(code: Int(status.code), reasonPhrase: status.reasonPhrase), headerFields: fields)
    }

    /// `name` as a field name, or `nil` if it is not a token. A lowercased name (as most servers
    /// send them) is its own canonical form and is taken as it is; `HTTPField.Name.init(_:)`
    /// lowercases a copy of every name. A name that starts with a colon would be a pseudo-header
    /// field to `init(parsed:)`: it is left to `init(_:)`, which refuses it.
    private static func fieldName(_ name: String) -> HTTPField.Name? {
        if name.utf8.first != UInt8(ascii: ":"), let canonical = HTTPField.Name(parsed: name) { return canonical }
        return HTTPField.Name(name)
    }

    /// Sends a request whose upload reports its progress, under AsyncHTTPClient's delegate API:
    /// its stream writer completes each piece's write once the connection has taken it, and its
    /// deadline bounds the whole exchange.
    @inline(never)
    private func loadReportingUpload(_ prepared: PreparedRequest, request: LoadRequest) async throws(LoadError) -> LoadResponse {
        defer { prepared.uploadProgress?.finish() }
        let task: HTTPClient.Task<HTTPClient.Response>
        do {
            let outgoing = try HTTPClient.Request(
                url: prepared.url, method: HTTPMethod(rawValue: prepared.head.method.rawValue), headers: Self.headers(of: prepared),
                body: Self.body(of: prepared))
            let delegate = HeadTimingAccumulator(
                accumulator: ResponseAccumulator(request: outgoing, maxBodySize: min(prepared.maximumResponseSize, Self.largestBuffer)))
            task = client.execute(request: outgoing, delegate: delegate, deadline: Self.exchangeDeadline(of: prepared))
            if let timeout = Self.headTimeout(of: prepared) { delegate.failWithoutHead(task, after: timeout) }
        } catch {
            throw Self.map(error, request: request)
        }
        do {
            let response = try await withTaskCancellationHandler {
                try await task.get()
            } onCancel: {
                task.cancel()
            }
            // Copied from the buffer's bytes: `Data` built from the buffer's view as a sequence
            // checked its type at run time first.
            let body = response.body.map { buffer in buffer.withUnsafeReadableBytes { Data($0) } } ?? Data()
            return LoadResponse(request: request, head: Self.head(status: response.status, headers: response.headers), body: body)
        } catch {
            throw Self.failure(error, request: request)
        }
    }

    /// When the whole exchange must have ended, or `nil` for no deadline.
    private static func exchangeDeadline(of prepared: PreparedRequest) -> NIODeadline? {
        prepared.deadline < ExchangeDeadline.unlimited ? .now() + TimeAmount(prepared.deadline) : nil
    }

    /// The idle timeout, which bounds the wait for the head (AsyncHTTPClient has no per-request
    /// idle timeout) when it is shorter than the exchange's deadline; `nil` when the deadline
    /// comes first.
    private static func headTimeout(of prepared: PreparedRequest) -> TimeAmount? {
        prepared.timeout < prepared.deadline && prepared.timeout < ExchangeDeadline.unlimited ? TimeAmount(prepared.timeout) : nil
    }

    /// ResponseAccumulator's precondition: a ByteBuffer holds at most 4 GiB.
    private static let largestBuffer = Int(UInt32.max)

    /// The request's header fields in NIO's form. Built from an array, whose initializer takes the
    /// pairs as they are: `add(name:value:)` checks each name for non-ASCII bytes a byte at a
    /// time, and an `HTTPField.Name` is an ASCII token already.
    private static func headers(of prepared: PreparedRequest) -> HTTPHeaders {
        HTTPHeaders(prepared.head.headerFields.map { ($0.name.rawName, $0.value) })
    }

    private static func body(of prepared: PreparedRequest) -> HTTPClient.Body? {
        guard let body = prepared.body else { return nil }
        guard let progress = prepared.uploadProgress else { return .bytes(body) }
        return .stream(contentLength: Int64(body.count)) { writer in
            writePieces(of: body, from: 0, to: writer, reporting: progress)
        }
    }

    /// Writes `body` from `offset` in pieces of ``HTTPLoading/UploadProgressReporter/chunkSize``,
    /// each written once the one before is, so the progress follows the connection taking them.
    private static func writePieces(
        of body: Data, from offset: Int, to writer: HTTPClient.Body.StreamWriter, reporting progress: UploadProgressReporter
    ) -> EventLoopFuture<Void> {
        let end = Swift.min(offset + UploadProgressReporter.chunkSize, body.count)
        let written = writer.write(.byteBuffer(ByteBuffer(bytes: body[(body.startIndex + offset)..<(body.startIndex + end)])))
        guard end < body.count else { return written.map { progress.report(bytesSent: end) } }
        return written.flatMap {
            progress.report(bytesSent: end)
            return writePieces(of: body, from: end, to: writer, reporting: progress)
        }
    }

    /// Nothing to reset in a transport.
    public func reset(in context: ResetContext) async {
        _ = context.claim(self)
    }

    static func map(_ error: any Error, request: LoadRequest) -> LoadError {
        if error is CancellationError { return LoadError(.cancelled, request: request) }
        if error is NIOTooManyBytesError || error is ResponseAccumulator.ResponseTooBigError {
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
