import Foundation
import HTTPLoading
import Logging
import Synchronization
import HTTPTypes

/// The full chain measured against its terminal alone: log at info, reset guard, environment,
/// deduplication, throttle, retry, bearer auth and redirects.
enum Chains {
    static func full(over terminal: any HTTPLoader, baseURL: URL) -> any HTTPLoader {
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
struct DiscardingLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { _ = event.message.description.utf8.count }
}

struct FixedToken: AccessTokenProvider {
    func currentToken() async throws -> String? { "benchmark-token" }
    func refreshedToken(replacing rejected: String) async throws -> String { "benchmark-token" }
}

/// A terminal answering at once, to isolate the chain's own cost.
final class CannedLoader: HTTPLoader {
    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        LoadResponse(request: request, status: .ok, body: Data(#"{"hello":"lemmy"}"#.utf8))
    }
    func reset(in context: ResetContext) async {}
}
