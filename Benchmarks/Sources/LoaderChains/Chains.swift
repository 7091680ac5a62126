public import Foundation
public import HTTPLoading
public import Logging
import HTTPTypes

/// The full chain measured against its terminal alone: log at info, reset guard, environment,
/// deduplication, throttle, retry, bearer auth and redirects.
public enum Chains {
    /// The chain an app would build, ending in `terminal`.
    public static func full(over terminal: any HTTPLoader, baseURL: URL) -> any HTTPLoader {
        let logger = Logger(label: "bench") { _ in DiscardingLogHandler() }
        return LogLoader(logger: logger, level: .info)
            --> ResetGuardLoader()
            --> ServerEnvironmentLoader(ServerEnvironment(baseURL: baseURL, userAgent: "LemmyKitBench/1")!)
            --> DeduplicationLoader()
            --> ThrottleLoader(maximumConcurrentRequests: 64)
            --> RetryLoader(defaultStrategy: .exponential(retries: 2))
            --> BearerAuthLoader(provider: FixedToken())
            --> RedirectLoader()
            --> terminal
    }
}

/// Accepts info messages (so they are built, as in an app logging at info) and drops them.
public struct DiscardingLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    /// A handler at info.
    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) { _ = event.message.description.utf8.count }
}

/// A token that never changes.
public struct FixedToken: AccessTokenProvider {
    /// The provider.
    public init() {}
    public func currentToken() async throws -> String? { "benchmark-token" }
    public func refreshedToken(replacing rejected: String) async throws -> String { "benchmark-token" }
}

/// A terminal answering at once, to isolate the chain's own cost.
public final class CannedLoader: HTTPLoader {
    /// The loader.
    public init() {}

    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        LoadResponse(request: request, status: .ok, body: Data(#"{"hello":"lemmy"}"#.utf8))
    }

    public func reset(in context: ResetContext) async {}
}
