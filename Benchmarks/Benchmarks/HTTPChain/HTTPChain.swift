// The loader chain's cost: each loader alone and the full chain over a terminal that answers at
// once (no I/O), then over loopback HTTP against the `BenchmarkServer hello` that
// scripts/bench.sh starts (LEMMYKIT_BENCH_HELLO_URL): AsyncHTTPClient used directly (the
// baseline), AsyncHTTPClientLoader alone, and the full chain over it, at concurrency 1 and 16; the
// first two send the header fields the chain adds, so all three put the same request on the wire.
// scripts/bench.sh runs wrk against the same server in the same script.
import AsyncHTTPClient
import Benchmark
import BenchmarkSupport
import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
import LoaderChains
import NIOCore
import NIOHTTPCompression
import Logging

let benchmarks: @Sendable () -> Void = {
    mockBenchmarks()
    if let server = BenchmarkSupport.helloServer { loopbackBenchmarks(server) }
}

/// Requests sent per iteration over the mock terminal.
let mockCount = 1_000

func mockBenchmarks() {
    let base = URL(string: "https://bench.test")!
    let logger = Logger(label: "bench") { _ in DiscardingLogHandler() }
    let singles: [(String, any HTTPLoader)] = [
        ("Mock terminal alone", CannedLoader()),
        ("Mock LogLoader", LogLoader(logger: logger) --> CannedLoader()),
        ("Mock ResetGuardLoader", ResetGuardLoader() --> CannedLoader()),
        ("Mock ServerEnvironmentLoader", ServerEnvironmentLoader(ServerEnvironment(baseURL: base)!) --> CannedLoader()),
        ("Mock DeduplicationLoader", DeduplicationLoader() --> CannedLoader()),
        ("Mock ThrottleLoader", ThrottleLoader(maximumConcurrentRequests: 64) --> CannedLoader()),
        ("Mock RetryLoader", RetryLoader(defaultStrategy: .exponential(retries: 2)) --> CannedLoader()),
        ("Mock BearerAuthLoader", BearerAuthLoader(provider: FixedToken()) --> CannedLoader()),
        ("Mock RedirectLoader", RedirectLoader() --> CannedLoader()),
        ("Mock full chain", Chains.full(over: CannedLoader(), baseURL: base)),
    ]
    let absolute = (0..<mockCount).map { Requests.absolute($0, base: base) }
    let relative = (0..<mockCount).map { Requests.relative($0) }
    for (name, loader) in singles {
        // The chain applies the server environment itself; the others get absolute requests.
        let requests = name == "Mock full chain" ? relative : absolute
        Benchmark(name, configuration: BenchmarkSupport.configuration(iterations: 300, seconds: 1)) { _ in
            for request in requests { blackHole(try await loader.load(request)) }
        }
    }
}

/// Requests per iteration at each concurrency over loopback.
let loopbackCounts = [1: 200, 16: 1_600]

func loopbackBenchmarks(_ server: URL) {
    let ahc = AsyncHTTPClientLoader(connectionsPerHost: 16)
    let chain = Chains.full(over: ahc, baseURL: server)
    // The direct client and the terminal send the header fields the chain adds.
    let baseline = Chains.baselineEnvironment(baseURL: server)
    let direct = DirectAsyncHTTPClient(connectionsPerHost: 16, headerFields: baseline.headerFields)
    for (concurrency, count) in loopbackCounts.sorted(by: { $0.key < $1.key }) {
        let configuration = BenchmarkSupport.configuration(iterations: 100, seconds: 4, warmup: 3)
        Benchmark("AHC direct c\(concurrency)", configuration: configuration) { _ in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                // Its URL only: the direct client has the header fields built in.
                try await direct.get(Requests.absolute(index, base: server).url!)
            }
        }
        Benchmark("AHC terminal c\(concurrency)", configuration: configuration) { _ in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                _ = try await ahc.load(Requests.absolute(index, in: baseline))
            }
        }
        Benchmark("AHC full chain c\(concurrency)", configuration: configuration) { _ in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                _ = try await chain.load(Requests.relative(index))
            }
        }
    }
    let urlSession = URLSessionLoader()
    let sessionChain = Chains.full(over: urlSession, baseURL: server)
    for (concurrency, count) in loopbackCounts.sorted(by: { $0.key < $1.key }) {
        let configuration = BenchmarkSupport.configuration(iterations: 30, seconds: 3, warmup: 2)
        Benchmark("URLSession terminal c\(concurrency)", configuration: configuration) { _ in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                _ = try await urlSession.load(Requests.absolute(index, in: baseline))
            }
        }
        Benchmark("URLSession full chain c\(concurrency)", configuration: configuration) { _ in
            try await Drive.concurrently(count: count, concurrency: concurrency) { index in
                _ = try await sessionChain.load(Requests.relative(index))
            }
        }
    }
}

enum Requests {
    /// `/hello?i=N`: distinct URLs, so deduplication never merges two requests.
    static func relative(_ index: Int) -> LoadRequest {
        LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
    }

    static func absolute(_ index: Int, base: URL) -> LoadRequest {
        absolute(index, in: ServerEnvironment(baseURL: base)!)
    }

    static func absolute(_ index: Int, in environment: ServerEnvironment) -> LoadRequest {
        var request = relative(index)
        environment.apply(to: &request)
        return request
    }
}
