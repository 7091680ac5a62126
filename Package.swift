// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LemmyKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "HTTPLoading", targets: ["HTTPLoading"]),
        .library(name: "FeedLoading", targets: ["FeedLoading"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "HTTPLoading",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "HTTPLoadingTests", dependencies: ["HTTPLoading"]),
        .target(name: "FeedLoading"),
        .testTarget(name: "FeedLoadingTests", dependencies: ["FeedLoading"]),
        .executableTarget(name: "FeedLoadingBenchmarks", dependencies: ["FeedLoading"]),
    ],
    swiftLanguageModes: [.v6]
)
