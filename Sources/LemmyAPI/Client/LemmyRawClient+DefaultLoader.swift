public import Foundation
public import HTTPLoading
public import Logging
import HTTPTypes

#if os(Linux) || os(Windows) || os(Android)  // as the dependency in Package.swift
import HTTPLoadingAsyncHTTPClient
#endif

extension LemmyRawClient {
    /// The chain a client uses unless given one:
    ///
    /// `ServerEnvironmentLoader` (User-Agent) → `LogLoader` → `RetryLoader` (idempotent requests
    /// only: GET, PUT, DELETE; transient failures, 408/429/5xx, honouring `Retry-After`) →
    /// `DeduplicationLoader` (identical GETs in flight share one load) → the platform's terminal:
    /// `URLSessionLoader` on Apple platforms, elsewhere the process-wide
    /// `AsyncHTTPClientLoader.shared`. Foundation's URLSession off Apple platforms (libcurl)
    /// does not notice a server dropping the connection of a POST it reuses: the request waits,
    /// spinning, until its deadline (a minute by default) instead of failing at once, which
    /// would turn every lost answer into a minute's stall.
    ///
    /// There is no `ValidationLoader`: Lemmy reports errors in bodies of non-2xx responses, which
    /// the client reads itself.
    ///
    /// - Parameters:
    ///   - instanceURL: The instance every request goes to.
    ///   - userAgent: The User-Agent every request carries.
    ///   - logger: Where the chain logs each request, at debug.
    ///   - terminal: The loader that sends the requests: ``defaultTerminal()`` unless given one, such
    ///     as an `AsyncHTTPClientLoader` configured for the app, or a terminal of the app's own
    ///     that should sit under the same chain.
    public static func defaultLoader(
        instanceURL: URL,
        userAgent: String = "LemmyKit",
        logger: Logger = Logger(label: "LemmyKit.LemmyRawClient"),
        terminal: any HTTPLoader = defaultTerminal()
    ) -> any HTTPLoader {
        let environment =
            ServerEnvironment(baseURL: instanceURL, userAgent: userAgent)
            ?? ServerEnvironment(host: instanceURL.host ?? "localhost", headerFields: [.userAgent: userAgent])
        return ServerEnvironmentLoader(environment)
            --> LogLoader(logger: logger, level: .debug)
            --> RetryLoader(defaultStrategy: .exponential(retries: 2))
            --> DeduplicationLoader(automaticKeys: .safeMethods)
            --> terminal
    }

    /// The terminal the default chain ends in on this platform (see
    /// ``defaultLoader(instanceURL:userAgent:logger:terminal:)`` for why it differs): for a chain of one's
    /// own that should behave as the default one does.
    public static func defaultTerminal() -> any HTTPLoader {
        #if os(Linux) || os(Windows) || os(Android)  // as the dependency in Package.swift
        AsyncHTTPClientLoader.shared
        #else
        URLSessionLoader()
        #endif
    }
}
