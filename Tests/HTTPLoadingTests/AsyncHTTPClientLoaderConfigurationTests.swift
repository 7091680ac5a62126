import AsyncHTTPClient
import HTTPLoading
@testable import HTTPLoadingAsyncHTTPClient
import Testing

/// What `AsyncHTTPClientLoader` sets on the clients it creates, where a behaviour cannot be
/// observed without timing it.
@Suite struct AsyncHTTPClientLoaderConfigurationTests {
    /// A refused or unreachable host fails the request at once, as under URLSession. With
    /// AsyncHTTPClient's default, the connection pool tries again until its connect timeout (10 s)
    /// and reports the refusal only then: a dead instance took 30 s to report through LemmyKit's
    /// default chain, whose RetryLoader retries such failures itself.
    @Test func aFailedConnectionIsNotRetriedByTheConnectionPool() {
        let configuration = AsyncHTTPClientLoader.configuration(
            connectionsPerHost: 16, maximumDecompressionRatio: MaximumDecompressionRatioOption.defaultValue)
        #expect(!configuration.connectionPool.retryConnectionEstablishment)
        // The pool size it was given stays.
        #expect(configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit == 16)
    }
}
