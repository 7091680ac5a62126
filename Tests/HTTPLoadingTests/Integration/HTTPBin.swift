import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
import Testing

/// Where httpbin runs: `scripts/test.sh` starts it and sets `HTTPBIN_URL`.
enum HTTPBin {
    static var url: URL? { ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:)) }

    /// The httpbin base URL, or a recorded failure telling how to run these tests.
    static func require() throws -> URL {
        try #require(url, "HTTPBIN_URL is not set: run the tests with scripts/test.sh, which starts httpbin on 127.0.0.1")
    }

    /// An absolute request to httpbin at `path` (which may carry a query).
    static func request(_ path: String, method: HTTPRequest.Method = .get) throws -> LoadRequest {
        LoadRequest(method: method, url: URL(string: path, relativeTo: try require())!.absoluteURL)
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
