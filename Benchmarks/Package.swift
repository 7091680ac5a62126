// swift-tools-version: 6.1
// LemmyKit's benchmarks, a package of their own so that library users never build them or
// ordo-one/benchmark. Run them all with `scripts/bench.sh` (from the repository root), or one
// target with `swift package --allow-writing-to-package-directory benchmark --target NAME` here.
import PackageDescription

// SwiftPM names a package found by path after its folder, so the products of the LemmyKit
// checkout this folder sits in are found under that folder's name (`main`, `LemmyKit`, ...).
let lemmyKit = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "LemmyKit").lowercased()

// Every benchmark target uses ordo-one/benchmark's plugin, which generates its `main`.
func benchmarkTarget(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")] + dependencies,
        path: "Benchmarks/\(name)",
        exclude: exclude,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "LemmyKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // Shared by the benchmark targets: fixtures, the loopback server's address, helpers.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")]
        ),
        // The in-memory feed scroll (FeedLoaderOverhead, Profile, Instructions): apart from
        // BenchmarkSupport so that `Instructions` can link it without package-benchmark.
        .target(name: "FeedWorkloads", dependencies: ["InterleavedRounds", .product(name: "FeedLoading", package: lemmyKit)]),
        // The 10,000-post scroll three ways over an in-process LemmyTestServer (FeedScroll, Profile,
        // Instructions).
        .target(
            name: "ScrollWorkloads",
            dependencies: [
                "InterleavedRounds", .product(name: "LemmyMiddleware", package: lemmyKit),
                .product(name: "LemmyTestServer", package: lemmyKit), .product(name: "LemmyAPI", package: lemmyKit),
                .product(name: "FeedLoading", package: lemmyKit),
            ]
        ),
        // The 50-post page decoded, first ingested and re-merged (MiddlewareIngest, Profile,
        // Instructions).
        .target(
            name: "IngestWorkloads",
            dependencies: ["InterleavedRounds", .product(name: "LemmyMiddleware", package: lemmyKit)]
        ),
        // Kinds of work measured taking turns (the loopback chain, the feed scroll).
        .target(name: "InterleavedRounds"),
        benchmarkTarget(
            "LemmyAPIDecoding",
            ["BenchmarkSupport", .product(name: "LemmyAPI", package: lemmyKit)]
        ),
        benchmarkTarget(
            "FeedLoaderOverhead",
            ["BenchmarkSupport", "FeedWorkloads"]
        ),
        // The loader chain an app builds, a terminal that answers at once, and the loopback drivers
        // (HTTPChain, Profile, Instructions).
        .target(
            name: "LoaderChains",
            dependencies: [
                "InterleavedRounds",
                .product(name: "HTTPLoading", package: lemmyKit), .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "LemmyAPI", package: lemmyKit),
                .product(name: "HTTPLoadingAsyncHTTPClient", package: lemmyKit),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        // A fixed amount of work (chain requests, feed scrolls) to run under a profiler.
        .executableTarget(
            name: "Profile",
            dependencies: [
                "LoaderChains", "FeedWorkloads", "ScrollWorkloads", "IngestWorkloads", "InterleavedRounds",
                .product(name: "HTTPLoading", package: lemmyKit), .product(name: "FeedLoading", package: lemmyKit),
            ]
        ),
        // Fixed work for `scripts/instructions.sh` to count under callgrind; without package-benchmark
        // (valgrind cannot run its malloc interposer).
        .executableTarget(
            name: "Instructions",
            dependencies: [
                "LoaderChains", "FeedWorkloads", "ScrollWorkloads", "IngestWorkloads", .product(name: "HTTPLoading", package: lemmyKit),
                .product(name: "LemmyAPI", package: lemmyKit), .product(name: "LemmyTestServer", package: lemmyKit),
                .product(name: "LemmyMiddleware", package: lemmyKit),
            ]
        ),
        benchmarkTarget(
            "HTTPChain",
            [
                "BenchmarkSupport",
                "LoaderChains",
                .product(name: "HTTPLoading", package: lemmyKit),
                .product(name: "HTTPLoadingAsyncHTTPClient", package: lemmyKit),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        benchmarkTarget(
            "MiddlewareIngest",
            ["BenchmarkSupport", "IngestWorkloads", .product(name: "LemmyMiddleware", package: lemmyKit)],
            exclude: ["posts-0.19-limit50.json"]
        ),
        benchmarkTarget(
            "FeedScroll",
            ["BenchmarkSupport", "ScrollWorkloads", .product(name: "LemmyTestServer", package: lemmyKit)]
        ),
        // The loopback servers that scripts/bench.sh points wrk and the HTTPChain benchmarks at:
        // `BenchmarkServer hello PORT` (a tiny JSON body) or `BenchmarkServer lemmy PORT` (a
        // LemmyTestServer, 0.19 dialect, medium seed).
        .executableTarget(
            name: "BenchmarkServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "LemmyTestServer", package: lemmyKit),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
