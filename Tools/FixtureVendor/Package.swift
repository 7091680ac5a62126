// swift-tools-version: 6.1
import PackageDescription

// A separate package so that LemmyKit's build never compiles it: it is only needed to regenerate
// Tests/Fixtures/lemmy from the original captures (see scripts/vendor-fixtures.sh).
let package = Package(
    name: "FixtureVendor",
    platforms: [.macOS(.v15)],
    targets: [
        .executableTarget(name: "vendor-fixtures")
    ],
    swiftLanguageModes: [.v6]
)
