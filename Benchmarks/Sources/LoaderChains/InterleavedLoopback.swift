public import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
public import InterleavedRounds

/// AsyncHTTPClient used directly, the AsyncHTTPClientLoader terminal, and the full chain and
/// LemmyKit's default chain over it, against the same loopback server, taking turns round by round
/// so that all four see the same machine. The HTTPChain benchmarks run one after another, and on a shared two-core machine the
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
        /// LemmyKit's default chain (`LemmyRawClient.defaultLoader`) over that terminal.
        public var defaultChain: Double
        /// Each client's CPU time and context switches a request, in ``Kind`` order, over every
        /// counted round: the whole process's, so the event loops' share is in it.
        public var usage: [ProcessUsage]
    }

    /// The four ways a request reaches the server.
    public enum Kind: String, CaseIterable, Sendable {
        /// AsyncHTTPClient used directly.
        case direct
        /// The AsyncHTTPClientLoader terminal alone.
        case terminal
        /// The full chain over that terminal.
        case chain
        /// LemmyKit's default chain over that terminal: what a `LemmyRawClient` sends through
        /// unless given a chain (environment, log at debug, retry, deduplication).
        case defaultChain
    }

    /// The four clients against one server, each sending `/hello?i=N` as every benchmark does,
    /// with the same header fields.
    struct Clients {
        let direct: DirectAsyncHTTPClient
        let terminal = AsyncHTTPClientLoader(connectionsPerHost: 16)
        let chain: any HTTPLoader
        let defaultChain: any HTTPLoader
        /// The terminal's requests carry the header fields the chain adds; the direct client
        /// has them built in.
        let environment: ServerEnvironment
        /// The origin alone, for the direct client's URL: adding the fields to a request whose
        /// URL is all it reads would be work of the harness counted against AsyncHTTPClient.
        let origin: ServerEnvironment

        /// Whether the chain has no bearer loader, so the harness adds the token's field itself.
        let chainSetsNoToken: Bool

        init(server: URL, omitting: Set<Chains.Link> = []) {
            chain = Chains.full(over: terminal, baseURL: server, omitting: omitting)
            chainSetsNoToken = omitting.contains(.bearerAuth)
            defaultChain = Chains.lemmyDefault(over: terminal, baseURL: server)
            environment = Chains.baselineEnvironment(baseURL: server)
            origin = ServerEnvironment(baseURL: server)!
            direct = DirectAsyncHTTPClient(connectionsPerHost: 16, headerFields: environment.headerFields)
        }

        /// Sends request `index` through `kind`, giving it up as a client does (`consume`: the
        /// chain's loaders then change it in place; see "Pass the request on, keep none of it").
        func send(_ index: Int, through kind: Kind) async throws {
            var request = LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
            switch kind {
            case .direct:
                origin.apply(to: &request)
                try await direct.get(request.url!)
            case .terminal:
                environment.apply(to: &request)
                _ = try await terminal.load(consume request)
            case .chain:
                // Every client puts the same request on the wire, with or without a bearer loader.
                if chainSetsNoToken { request.headerFields.append(Chains.authorization) }
                _ = try await chain.load(consume request)
            case .defaultChain:
                // The raw client sets the token itself (this chain has no bearer loader), so the
                // request carries the same two fields as every other client's.
                request.headerFields.append(Chains.authorization)
                _ = try await defaultChain.load(consume request)
            }
        }
    }

    /// Runs `rounds` rounds of `count` requests at `concurrency` through each client in turn.
    public static func run(
        server: URL, count: Int, concurrency: Int, rounds: Int, omitting: Set<Chains.Link> = []
    ) async throws -> Result {
        let clients = Clients(server: server, omitting: omitting)
        let samples = try await InterleavedRounds.measure(rounds: rounds, kinds: Kind.allCases.count) { client in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                try await clients.send(index, through: Kind.allCases[client])
            }
        }
        try await clients.terminal.shutdown()
        let medians = samples.seconds.map { InterleavedRounds.median($0) * 1e6 / Double(count) }
        return Result(
            direct: medians[0], terminal: medians[1], chain: medians[2], defaultChain: medians[3],
            usage: samples.usage.map { $0.per(count * rounds) })
    }

    /// Sends `count` requests through `kind`, `concurrency` at a time (for `Instructions`, which
    /// counts them).
    public static func send(_ count: Int, through kind: Kind, to server: URL, concurrency: Int = 1) async throws {
        let clients = Clients(server: server)
        try await Drive.concurrently(count: count, concurrency: concurrency) { index in
            try await clients.send(index, through: kind)
        }
        try await clients.terminal.shutdown()
    }
}
