import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
import Logging

// Usage: HTTPLoadingBenchmarks [SERVER_URL]
// Without a server URL only the mock-terminal overhead is measured. scripts/bench-http.sh starts
// the loopback BenchmarkServer and wrk and passes the URL.

let serverURL = CommandLine.arguments.dropFirst().first.flatMap(URL.init(string:))
let base = serverURL ?? URL(string: "https://bench.test")!

func request(_ index: Int) -> LoadRequest {
    LoadRequest(path: "/hello", queryItems: [URLQueryItem(name: "i", value: String(index))])
}

func absolute(_ index: Int) -> LoadRequest {
    var request = request(index)
    ServerEnvironment(baseURL: base)!.apply(to: &request)
    return request
}

/// Sends `count` requests with `concurrency` in flight; distinct URLs so deduplication never merges them.
func drive(_ loader: any HTTPLoader, count: Int, concurrency: Int, relative: Bool) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        func add() {
            let index = next
            next += 1
            group.addTask { _ = try await loader.load(relative ? request(index) : absolute(index)) }
        }
        for _ in 0..<min(concurrency, count) { add() }
        while try await group.next() != nil {
            if next < count { add() }
        }
    }
}

/// Sends `count` requests one after another from this task (no task-group overhead).
func sequential(_ loader: any HTTPLoader, count: Int, relative: Bool) async throws {
    for index in 0..<count { _ = try await loader.load(relative ? request(index) : absolute(index)) }
}

print("== Per-loader cost over a mock terminal (sequential, median of 9 runs of 20,000)")
do {
    let logger = Logger(label: "bench") { _ in DiscardingLogHandler() }
    let singles: [(String, () -> any HTTPLoader)] = [
        ("terminal alone", { CannedLoader() }),
        ("LogLoader(info)", { LogLoader(logger: logger) --> CannedLoader() }),
        ("ResetGuardLoader", { ResetGuardLoader() --> CannedLoader() }),
        ("ServerEnvironmentLoader", { ServerEnvironmentLoader(ServerEnvironment(baseURL: base)!) --> CannedLoader() }),
        ("DeduplicationLoader", { DeduplicationLoader() --> CannedLoader() }),
        ("ThrottleLoader", { ThrottleLoader(maximumConcurrentRequests: 64) --> CannedLoader() }),
        ("RetryLoader", { RetryLoader(defaultStrategy: .exponential(retries: 2)) --> CannedLoader() }),
        ("BearerAuthLoader", { BearerAuthLoader(provider: FixedToken()) --> CannedLoader() }),
        ("RedirectLoader", { RedirectLoader() --> CannedLoader() }),
    ]
    let loaders = singles.map { ($0.0, $0.1()) }
    let requests = (0..<20_000).map(absolute)
    let results = try await Measure.interleaved(
        runs: 9,
        loaders.map { _, loader in
            { for request in requests { _ = try await loader.load(request) } }
        })
    let baseline = Measure.seconds(Measure.median(results[0])) / 20_000 * 1e9
    for (index, (name, _)) in loaders.enumerated() {
        let ns = Measure.seconds(Measure.median(results[index])) / 20_000 * 1e9
        print("\(name): \(Measure.format(ns)) ns/request (+\(Measure.format(ns - baseline)))")
    }
}

print("== Chain overhead over a mock terminal (no I/O)")
do {
    let terminal = CannedLoader()
    let chain = Chains.full(over: CannedLoader(), baseURL: base)
    let count = 20_000
    let results = try await Measure.interleaved(
        runs: 15,
        [
            { try await sequential(terminal, count: count, relative: false) },
            { try await sequential(chain, count: count, relative: true) },
        ])
    let terminalNs = Measure.seconds(Measure.median(results[0])) / Double(count) * 1e9
    let chainNs = Measure.seconds(Measure.median(results[1])) / Double(count) * 1e9
    print(
        "terminal alone: \(Measure.format(terminalNs)) ns/request; full chain: \(Measure.format(chainNs)) ns/request; chain adds \(Measure.format(chainNs - terminalNs)) ns/request"
    )
}

if let serverURL {
    print("== Loopback server \(serverURL.absoluteString)")
    let urlSession = URLSessionLoader()
    let ahc = AsyncHTTPClientLoader(connectionsPerHost: 16)
    defer { Task { try? await ahc.shutdown() } }
    let terminals: [(String, any HTTPLoader)] = [("URLSession", urlSession), ("AsyncHTTPClient", ahc)]
    for (name, terminal) in terminals {
        let chain = Chains.full(over: terminal, baseURL: serverURL)
        // Warm up connections.
        try await drive(terminal, count: 200, concurrency: 16, relative: false)
        try await drive(chain, count: 200, concurrency: 16, relative: true)
        for (concurrency, count) in [(1, 1_000), (16, 4_000)] {
            let results = try await Measure.interleaved(
                runs: 7,
                [
                    { try await drive(terminal, count: count, concurrency: concurrency, relative: false) },
                    { try await drive(chain, count: count, concurrency: concurrency, relative: true) },
                ])
            let terminalRPS = Double(count) / Measure.seconds(Measure.median(results[0]))
            let chainRPS = Double(count) / Measure.seconds(Measure.median(results[1]))
            let overhead = (terminalRPS / chainRPS - 1) * 100
            print(
                "\(name) c=\(concurrency): terminal \(Measure.format(terminalRPS, 0)) req/s, full chain \(Measure.format(chainRPS, 0)) req/s, chain overhead \(Measure.format(overhead))%"
            )
        }
    }
    try await ahc.shutdown()
}
