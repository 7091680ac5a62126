// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LemmyKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "HTTPLoading", targets: ["HTTPLoading"]),
        .library(name: "HTTPLoadingTesting", targets: ["HTTPLoadingTesting"]),
        .library(name: "HTTPLoadingAsyncHTTPClient", targets: ["HTTPLoadingAsyncHTTPClient"]),
        .library(name: "FeedLoading", targets: ["FeedLoading"]),
        .library(name: "LemmyAPI", targets: ["LemmyAPI"]),
        .executable(name: "LemmyAPIGenerator", targets: ["LemmyAPIGenerator"]),
        .library(name: "Resources", targets: ["Resources"]),
        .library(name: "ResourcesGRDB", targets: ["ResourcesGRDB"]),
        .library(name: "ResourcesUI", targets: ["ResourcesUI"]),
        .library(name: "LemmyTestServer", targets: ["LemmyTestServer"]),
        .executable(name: "lemmy-test-server", targets: ["lemmy-test-server"]),
        .library(name: "LemmyMiddleware", targets: ["LemmyMiddleware"]),
        .library(name: "LemmyMiddlewareGRDB", targets: ["LemmyMiddlewareGRDB"]),
        .library(name: "LemmyMiddlewareUI", targets: ["LemmyMiddlewareUI"]),
        .library(name: "LemmyCLI", targets: ["LemmyCLI"]),
        .executable(name: "lemmy", targets: ["lemmy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        // Combine for Linux: the Resources publishers use it where Apple's Combine is missing.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The CLI tests' child processes (Foundation's Process can crash a busy test runner on Linux).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // The one lock type shared by the modules (package access, not API).
        .target(name: "Locking"),
        // MARK: HTTPLoading
        .target(
            name: "HTTPLoading",
            dependencies: [
                "Locking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "HTTPLoadingTesting",
            dependencies: [
                "HTTPLoading", "Locking",
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "HTTPLoadingAsyncHTTPClient",
            dependencies: [
                "HTTPLoading", "Locking",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .testTarget(
            name: "HTTPLoadingTests",
            dependencies: [
                "HTTPLoading", "HTTPLoadingTesting", "HTTPLoadingAsyncHTTPClient", "HTTPBinServer", "Locking",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // An in-process httpbin for the integration tests (tests only, not a product).
        .target(
            name: "HTTPBinServer",
            dependencies: [
                "Locking",
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/Support/HTTPBinServer",
            exclude: ["README.md"]
        ),

        .executableTarget(
            name: "HTTPLoadingDemo",
            dependencies: [
                "HTTPLoading",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/HTTPLoadingDemo"
        ),

        // MARK: FeedLoading
        .target(name: "FeedLoading", dependencies: ["Locking"]),
        .testTarget(name: "FeedLoadingTests", dependencies: ["FeedLoading", "Locking"]),

        // MARK: LemmyAPI
        .target(
            name: "LemmyAPI",
            dependencies: [
                "HTTPLoading", "Locking",
                // The default terminal off Apple platforms (see LemmyRawClient+DefaultLoader.swift).
                .target(name: "HTTPLoadingAsyncHTTPClient", condition: .when(platforms: [.linux, .windows, .android])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["COVERAGE.md"]
        ),
        .target(name: "LemmyAPIGeneratorCore"),
        .executableTarget(name: "LemmyAPIGenerator", dependencies: ["LemmyAPIGeneratorCore"]),
        .testTarget(name: "LemmyAPITests", dependencies: ["LemmyAPI", "LemmyAPIGeneratorCore", "HTTPLoading", "HTTPLoadingTesting"]),

        // MARK: Resources
        .target(
            name: "Resources",
            dependencies: [
                "HTTPLoading", "Locking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux, .windows, .android, .wasi])),
            ]
        ),
        // SwiftUI views over Resources (Apple platforms; compiles to nothing elsewhere).
        .target(name: "ResourcesUI", dependencies: ["Resources"]),
        .target(
            name: "ResourcesGRDB",
            dependencies: ["Resources", "Locking", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "ResourcesTests",
            dependencies: [
                "Resources", "ResourcesGRDB", "HTTPLoading", "HTTPLoadingTesting", "HTTPBinServer",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux, .windows, .android, .wasi])),
            ],
            exclude: ["README.md"]
        ),

        // MARK: LemmyTestServer
        .target(
            name: "LemmyTestServer",
            dependencies: [
                "LemmyAPI",
                "HTTPLoading",
                "Locking",
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // HMAC-SHA1 and HMAC-SHA256 for RFC 6238 two-factor codes.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "lemmy-test-server", dependencies: ["LemmyTestServer"]),
        // `withServer`: how every suite starts a LemmyTestServer (tests only, not a product).
        .target(name: "LemmyTestSupport", dependencies: ["LemmyTestServer"], path: "Tests/Support/LemmyTestSupport"),
        .testTarget(
            name: "LemmyTestServerTests",
            dependencies: [
                "LemmyTestServer",
                "LemmyTestSupport",
                "LemmyAPI",
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),

        // MARK: LemmyMiddleware
        .target(name: "LemmyMiddleware", dependencies: ["LemmyAPI", "HTTPLoading", "FeedLoading", "Locking"]),
        // Saved feeds for an offline start, in SQLite beside ResourcesGRDB's cache.
        .target(
            name: "LemmyMiddlewareGRDB",
            dependencies: ["LemmyMiddleware", "FeedLoading", "ResourcesGRDB", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // SwiftUI views over the middleware (Apple platforms; compiles to nothing elsewhere).
        .target(name: "LemmyMiddlewareUI", dependencies: ["LemmyMiddleware"]),
        // libFuzzer target over LemmyMiddleware's decoding and merging: scripts/fuzz.sh.
        .executableTarget(name: "lemmy-fuzz", dependencies: ["LemmyMiddleware"]),
        .testTarget(
            name: "LemmyMiddlewareTests",
            dependencies: [
                "LemmyMiddleware", "LemmyMiddlewareGRDB", "LemmyTestServer", "LemmyTestSupport", "LemmyAPI", "HTTPLoading", "Locking",
                "HTTPLoadingTesting", "HTTPLoadingAsyncHTTPClient", "FeedLoading", "Resources", "ResourcesGRDB",
            ],
            exclude: ["FuzzCorpus"]
        ),

        // MARK: Conformance against third-party OpenAPI descriptions (tests only)
        // A JSON-schema checker for the subset Lemmy's descriptions use, over the facts-only
        // extracts in Tests/Fixtures/openapi (scripts/extract-openapi.sh). Not a product.
        .target(name: "LemmyConformance", path: "Tests/Support/LemmyConformance"),
        .testTarget(
            name: "LemmyConformanceTests",
            dependencies: [
                "LemmyConformance",
                "LemmyTestServer",
                "LemmyTestSupport",
                "LemmyAPI",
                "LemmyMiddleware",
                "HTTPLoading",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),

        // MARK: lemmy (CLI)
        .target(
            name: "LemmyCLI",
            dependencies: [
                "LemmyMiddleware",
                "LemmyTestServer",
                "LemmyAPI",
                "FeedLoading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "lemmy", dependencies: ["LemmyCLI"]),
        .testTarget(
            name: "LemmyCLITests",
            dependencies: [
                "LemmyCLI", "lemmy", "LemmyTestServer", "LemmyTestSupport", "LemmyMiddleware",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),

        // MARK: Documentation samples
        // Every ```swift block of README.md and the DocC articles, compiled here as a marked
        // function and compared with the docs' text (see CONTRIBUTING.md).
        .testTarget(
            name: "DocumentationSampleTests",
            dependencies: [
                "HTTPLoading",
                "HTTPLoadingTesting",
                "LemmyAPI",
                "LemmyMiddleware",
                "LemmyMiddlewareGRDB",
                "FeedLoading",
                "Resources",
                "ResourcesGRDB",
                "LemmyTestServer",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, on for every target: existentials spelled `any`, members visible
// only from modules a file imports, and imports internal unless a file says `public import`.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
