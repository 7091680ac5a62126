public import Foundation
import AsyncHTTPClient
import HTTPLoading
import NIOCore
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

    /// A client with `connectionsPerHost` HTTP/1 connections to one host at most.
    public init(connectionsPerHost: Int) {
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
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 10 << 20)
    }
}
