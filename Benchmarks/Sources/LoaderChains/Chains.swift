public import Foundation
public import HTTPLoading
public import Logging
public import HTTPTypes
import LemmyAPI

/// The full chain measured against its terminal alone: log at info, reset guard, environment,
/// deduplication, throttle, retry, bearer auth and redirects.
public enum Chains {
    /// The loaders of the full chain, in their order.
    public enum Link: String, CaseIterable, Sendable {
        case log, resetGuard, environment, deduplication, throttle, retry, bearerAuth, redirect
    }

    /// The chain an app would build, ending in `terminal`; without the loaders in `omitting`, so
    /// that a count of the chain without one loader gives that loader's own cost.
    public static func full(over terminal: any HTTPLoader, baseURL: URL, omitting: Set<Link> = []) -> any HTTPLoader {
        let logger = Logger(label: "bench") { _ in DiscardingLogHandler() }
        var chain = terminal
        for link in Link.allCases.reversed() where !omitting.contains(link) {
            let loader: any ChainedLoader
            switch link {
            case .log: loader = LogLoader(logger: logger, level: .info)
            case .resetGuard: loader = ResetGuardLoader()
            case .environment: loader = ServerEnvironmentLoader(ServerEnvironment(baseURL: baseURL, userAgent: userAgent)!)
            case .deduplication: loader = DeduplicationLoader()
            case .throttle: loader = ThrottleLoader(maximumConcurrentRequests: 64)
            case .retry: loader = RetryLoader(defaultStrategy: .exponential(retries: 2))
            case .bearerAuth: loader = BearerAuthLoader(provider: FixedToken())
            case .redirect: loader = RedirectLoader()
            }
            chain = loader --> chain
        }
        return chain
    }

    /// LemmyKit's default chain (`LemmyRawClient.defaultLoader`) ending in `terminal`, logging to a
    /// handler at info as an app's would (so its debug lines are not built).
    public static func lemmyDefault(over terminal: any HTTPLoader, baseURL: URL) -> any HTTPLoader {
        LemmyRawClient.defaultLoader(
            instanceURL: baseURL, userAgent: userAgent, logger: Logger(label: "bench") { _ in DiscardingLogHandler() }, terminal: terminal)
    }

    /// The User-Agent the chain's environment adds.
    public static let userAgent = "LemmyKitBench/1"

    /// The bearer token's field, as the chain's bearer loader adds it.
    public static let authorization = HTTPField(name: .authorization, value: "Bearer \(FixedToken.token)")

    /// What a request sent without the chain carries: the chain's origin and the two header
    /// fields it adds (User-Agent, and the bearer token as Authorization). So every baseline puts
    /// the same request on the wire as the chain does, and a comparison measures the chain's
    /// work, not two more header fields for AsyncHTTPClient to check and write and the server to
    /// parse (about 10,000 instructions a request in the client alone).
    public static func baselineEnvironment(baseURL: URL) -> ServerEnvironment {
        var fields = HTTPFields()
        fields[.userAgent] = userAgent
        fields.append(authorization)
        return ServerEnvironment(baseURL: baseURL, headerFields: fields)!
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
    /// The token.
    public static let token = "benchmark-token"
    public func currentToken() async throws -> String? { Self.token }
    public func refreshedToken(replacing rejected: String) async throws -> String { Self.token }
}

/// A terminal answering at once, to isolate the chain's own cost.
public final class CannedLoader: HTTPLoader {
    /// The loader.
    public init() {}

    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        LoadResponse(request: request, status: .ok, body: Self.body)
    }

    /// Made once: building it per request cast the string's bytes at run time, a cost of the
    /// harness that varied with the chain in front of it.
    private static let body = Data(#"{"hello":"lemmy"}"#.utf8)

    public func reset(in context: ResetContext) async {}
}
