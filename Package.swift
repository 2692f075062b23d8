// swift-tools-version:6.0
// ringd is released under the MIT licence: see LICENSE.
import PackageDescription

/// Upcoming-feature flags shared by every Swift target (Swift 6 language mode is implied by tools 6.0).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// Linux only: the HTTP server's I/O loops are built on epoll(7), and no other event poller is written or tested.
// On macOS or Windows, run ringd in Docker (README, "Deploy"). Stopping here names that at once, instead of a
// compiler error deep inside RingHTTP.
#if !os(Linux)
#error("ringd builds and runs on Linux only (its HTTP server uses epoll). On macOS or Windows run it with Docker: docker compose up")
#endif

let package = Package(
    name: "ringd",
    products: [
        .executable(name: "ringd", targets: ["ringd"]),
        .library(name: "RingCore", targets: ["RingCore"]),
        .library(name: "RingHTTP", targets: ["RingHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // System libraries (apt: zlib1g-dev, libssl-dev).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libdeflate (apt: libdeflate-dev): whole-buffer compression (RingDeflate).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // libssl for RingFetch's outbound HTTPS (src= documents).
        .systemLibrary(name: "CTLS", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // Text (apt: libharfbuzz-dev, libfribidi-dev): shaping and glyph outlines, the bidi algorithm.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // <sys/epoll.h> (Linux): RingHTTP's per-loop readiness set.
        .systemLibrary(name: "CEpoll"),

        // Rendering: RingCore imports only the standard library.
        .target(name: "RingCore", swiftSettings: strict),
        .target(name: "RingSync", swiftSettings: strict),
        .target(name: "RingSVG", dependencies: ["RingCore"], swiftSettings: strict),
        .target(name: "RingRaster", dependencies: ["RingCore"], swiftSettings: strict),
        // Whole-buffer DEFLATE through libdeflate: PNG image data (RingPNG) and the gzip copies of SVG bodies (RingApp).
        .target(name: "RingDeflate", dependencies: ["RingSync", "CDeflate"], swiftSettings: strict),
        .target(name: "RingPNG", dependencies: ["RingRaster", "RingSync", "RingDeflate", "CZlib"], swiftSettings: strict),
        // Fonts found and mapped, text shaped and ordered into outlines: implements RingCore's TextSetter.
        .target(name: "RingText", dependencies: ["RingCore", "RingSync", "CHarfBuzz", "CFriBidi"], swiftSettings: strict),

        // Transport: RingHTTP imports nothing of ours but RingSync's lock.
        .target(
            name: "RingHTTP",
            dependencies: ["RingSync", .target(name: "CEpoll", condition: .when(platforms: [.linux]))],
            swiftSettings: strict),

        // Outbound HTTPS for src= documents: address policy, TLS, redirects, limits; knows nothing of rings.
        .target(name: "RingFetch", dependencies: ["RingHTTP", "RingSync", "CTLS", "CZlib"], swiftSettings: strict),

        // The only target that joins transport and rendering.
        .target(
            name: "RingApp",
            dependencies: [
                "RingCore", "RingText", "RingSVG", "RingRaster", "RingPNG", "RingDeflate", "RingHTTP", "RingFetch", "RingSync",
                "CCrypto", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ringd",
            dependencies: [
                "RingApp", "RingHTTP", "RingText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Rendering benchmark for scripts/bench/render (built in release by the script; not a test), and the
        // instruction-count cases of scripts/bench/instructions (the debug build, under callgrind).
        .executableTarget(
            name: "ringd-bench",
            dependencies: ["RingApp", "RingCore", "RingHTTP", "RingText", "RingSVG", "RingRaster", "RingPNG", "RingDeflate"],
            swiftSettings: strict
        ),

        // Test helpers shared by test targets (external tools, temporary files, polling, the tier tags); not part
        // of any product.
        .target(name: "RingTestSupport", dependencies: ["RingSync"], path: "Tests/RingTestSupport", swiftSettings: strict),

        .testTarget(name: "RingCoreTests", dependencies: ["RingCore"], swiftSettings: strict),
        .testTarget(name: "RingTextTests", dependencies: ["RingText", "RingCore", "RingRaster"], swiftSettings: strict),
        .testTarget(name: "RingSyncTests", dependencies: ["RingSync"], swiftSettings: strict),
        .testTarget(
            name: "RingSVGTests", dependencies: ["RingSVG", "RingCore", "RingTestSupport"], exclude: ["Goldens"],
            swiftSettings: strict
        ),
        .testTarget(name: "RingRasterTests", dependencies: ["RingRaster", "RingCore"], swiftSettings: strict),
        .testTarget(
            name: "RingPNGTests", dependencies: ["RingPNG", "RingRaster", "RingDeflate", "RingTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "RingHTTPTests", dependencies: ["RingHTTP", "RingTestSupport"],
            // Fixtures are read through #filePath (shared with scripts/check/http-oracle.py), not bundled.
            exclude: ["Fixtures"], swiftSettings: strict
        ),
        .testTarget(
            name: "RingAppTests",
            dependencies: [
                "RingApp", "RingHTTP", "RingCore", "RingSVG", "RingRaster", "RingPNG", "RingDeflate", "CZlib", "RingSync",
                "RingText", "RingTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RingFetchTests", dependencies: ["RingFetch", "CZlib"],
            // Raw responses read through #filePath (shared with scripts/check/fetch-parser-oracle.py), not bundled.
            exclude: ["Fixtures"], swiftSettings: strict),
        // ringd's command line: its options, help and environment against the settings table.
        .testTarget(name: "RingdTests", dependencies: ["ringd", "RingApp"], swiftSettings: strict),
        .testTarget(
            name: "RingIntegrationTests",
            dependencies: ["RingApp", "RingHTTP", "RingFetch", "RingSync", "RingTestSupport"],
            swiftSettings: strict
        ),
    ]
)
