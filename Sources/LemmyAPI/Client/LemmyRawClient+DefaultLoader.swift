public import Foundation
public import HTTPLoading
public import Logging
import HTTPTypes

extension LemmyRawClient {
    /// The chain a client uses unless given one:
    ///
    /// `ServerEnvironmentLoader` (User-Agent) → `LogLoader` → `RetryLoader` (idempotent requests
    /// only: GET, PUT, DELETE; transient failures, 408/429/5xx, honouring `Retry-After`) →
    /// `DeduplicationLoader` (identical GETs in flight share one load) → `URLSessionLoader`.
    ///
    /// There is no `ValidationLoader`: Lemmy reports errors in bodies of non-2xx responses, which
    /// the client reads itself.
    public static func defaultLoader(
        instanceURL: URL,
        userAgent: String = "LemmyKit",
        logger: Logger = Logger(label: "LemmyKit.LemmyRawClient")
    ) -> any HTTPLoader {
        let environment =
            ServerEnvironment(baseURL: instanceURL, userAgent: userAgent)
            ?? ServerEnvironment(host: instanceURL.host ?? "localhost", headerFields: [.userAgent: userAgent])
        return ServerEnvironmentLoader(environment)
            --> LogLoader(logger: logger, level: .debug)
            --> RetryLoader(defaultStrategy: .exponential(retries: 2))
            --> DeduplicationLoader(automaticKeys: .safeMethods)
            --> URLSessionLoader()
    }
}
