// swift-tools-version: 6.1
import PackageDescription

// A separate package so that LemmyKit's users and CI never build OpenAPIKit: it is only needed to
// regenerate Tests/Fixtures/openapi (see scripts/extract-openapi.sh).
let package = Package(
    name: "OpenAPIExtract",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        .executableTarget(
            name: "openapi-extract",
            dependencies: [
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
