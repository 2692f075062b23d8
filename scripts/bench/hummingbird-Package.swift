// swift-tools-version:6.0
// Throw-away comparison server for scripts/bench/serve: built in /tmp/hb-bench, never part of ringd.
import PackageDescription

let package = Package(
    name: "hb-bench",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1")],
    targets: [
        .executableTarget(name: "hb-bench", dependencies: [.product(name: "Hummingbird", package: "hummingbird")])
    ]
)
