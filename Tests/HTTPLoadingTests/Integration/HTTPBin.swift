import Foundation
import HTTPBinServer
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
import Testing

/// The in-process httpbin (``HTTPBinServer``), shared by every test of this process.
enum HTTPBin {
    /// The base URL of the shared server, started on first use.
    static func require() async throws -> URL {
        try await HTTPBinServer.shared.baseURL
    }

    /// An absolute request to httpbin at `path` (which may carry a query).
    static func request(_ path: String, method: HTTPRequest.Method = .get) async throws -> LoadRequest {
        LoadRequest(method: method, url: URL(string: path, relativeTo: try await require())!.absoluteURL)
    }
}

import HTTPTypes

/// The two terminal loaders, so each integration test runs over both.
enum Terminal: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession, asyncHTTPClient

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh terminal of this kind and shuts it down afterwards.
    func with<T>(_ body: (any HTTPLoader) async throws -> T) async throws -> T {
        switch self {
        case .urlSession:
            return try await body(URLSessionLoader())
        case .asyncHTTPClient:
            let loader = AsyncHTTPClientLoader()
            do {
                let result = try await body(loader)
                try await loader.shutdown()
                return result
            } catch {
                try? await loader.shutdown()
                throw error
            }
        }
    }
}

/// Decodes httpbin's echo of the request headers.
struct EchoedHeaders: Decodable {
    let headers: [String: String]
}
