public import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
import InterleavedRounds

/// AsyncHTTPClient used directly, the AsyncHTTPClientLoader terminal and the full chain over it,
/// against the same loopback server, taking turns round by round so that all three see the same
/// machine. The HTTPChain benchmarks run one after another, and on a shared two-core machine the
/// state of the machine drifts between them by more than the chain costs.
public enum InterleavedLoopback {
    /// Median microseconds per request of each client.
    public struct Result: Sendable {
        /// AsyncHTTPClient used directly.
        public var direct: Double
        /// The AsyncHTTPClientLoader terminal alone.
        public var terminal: Double
        /// The full chain over that terminal.
        public var chain: Double
    }

    /// Runs `rounds` rounds of `count` requests at `concurrency` through each client in turn.
    public static func run(server: URL, count: Int, concurrency: Int, rounds: Int) async throws -> Result {
        let direct = DirectAsyncHTTPClient(connectionsPerHost: 16)
        let terminal = AsyncHTTPClientLoader(connectionsPerHost: 16)
        let chain = Chains.full(over: terminal, baseURL: server)
        let environment = ServerEnvironment(baseURL: server)!
        let samples = try await InterleavedRounds.measure(rounds: rounds, kinds: 3) { client in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                var request = LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
                switch client {
                case 0:
                    environment.apply(to: &request)
                    try await direct.get(request.url!)
                case 1:
                    environment.apply(to: &request)
                    _ = try await terminal.load(request)
                default:
                    _ = try await chain.load(request)
                }
            }
        }
        try await terminal.shutdown()
        let medians = samples.map { InterleavedRounds.median($0) * 1e6 / Double(count) }
        return Result(direct: medians[0], terminal: medians[1], chain: medians[2])
    }
}
