public import Foundation
import AsyncHTTPClient
import HTTPLoading
public import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Runs a loopback workload at a fixed concurrency.
public enum Drive {
    /// Runs `body` for 0..<count with `concurrency` in flight (one after another for 1).
    public static func concurrently(count: Int, concurrency: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        if concurrency == 1 {
            for index in 0..<count { try await body(index) }
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            for _ in 0..<min(concurrency, count) {
                let index = next
                group.addTask { try await body(index) }
                next += 1
            }
            while try await group.next() != nil {
                if next < count {
                    let index = next
                    group.addTask { try await body(index) }
                    next += 1
                }
            }
        }
    }
}

/// AsyncHTTPClient with AsyncHTTPClientLoader's configuration, used directly: the rate the
/// terminal is measured against.
public final class DirectAsyncHTTPClient: Sendable {
    private let client: HTTPClient
    private let headers: HTTPHeaders

    /// A client with `connectionsPerHost` HTTP/1 connections to one host at most, sending
    /// `headerFields` with every request (built into AsyncHTTPClient's form once, as a user of it
    /// would).
    public init(connectionsPerHost: Int, headerFields: HTTPFields = [:]) {
        headers = HTTPHeaders(headerFields.map { ($0.name.rawName, $0.value) })
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            decompression: .enabled(limit: .ratio(MaximumDecompressionRatioOption.defaultValue))
        )
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Sends a GET and collects the body.
    public func get(_ url: URL) async throws {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers = headers
        let response = try await client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 10 << 20)
    }
}
