// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "hearth", targets: ["hearth"]),
        .library(name: "HearthCore", targets: ["HearthCore"]),
        .library(name: "HearthAPI", targets: ["HearthAPI"]),
        .library(name: "HearthStore", targets: ["HearthStore"]),
        .library(name: "HearthServer", targets: ["HearthServer"]),
        .library(name: "HearthKit", targets: ["HearthKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        // Named itself, and held to its minor version, because HearthStore calls SQLite through its
        // bundled C module (VaporCSQLite), which is not one of its products (see RawSQLiteConnection).
        .package(url: "https://github.com/vapor/sqlite-nio.git", .upToNextMinor(from: "1.13.2")),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // 4.x because jwt-kit 5 needs it.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
    ],
    targets: [
        .target(name: "HearthCore"),
        // Images, OCR and barcodes through Debian's libraries (libvips, tesseract, zbar); a C shim
        // wraps the variadic vips calls.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CZbar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .target(name: "HearthMedia", dependencies: ["CVips", "CVipsShim", "CTesseract", "CZbar", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]),
        // PDF through cairo and pango (real text in any script, JPEGs embedded as they are); CSV
        // and ZIP archives for exports, imports and backups.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // QR codes (an authenticator app's setup) through libqrencode.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(
            name: "HearthReports",
            dependencies: [
                "HearthCore", "CCairo", "CQRencode",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // Web Push (RFC 8291 encryption, RFC 8292 VAPID) and its delivery client: no HTTP server, no SQL.
        .target(
            name: "HearthPush",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // One call into SQLiteNIO's SQLite that Swift cannot make (a C function of variable arguments).
        .target(name: "CSQLiteSettings"),
        .target(
            name: "HearthStore",
            dependencies: [
                "HearthCore", "CSQLiteSettings",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "HearthAPI",
            dependencies: [
                "HearthCore",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The offline copy for native apps (iOS, macOS, Linux): the API client, a GRDB store, the sync engine.
        .target(
            name: "HearthKit",
            dependencies: [
                "HearthAPI", "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthCore", "HearthStore", "HearthAPI", "HearthMedia", "HearthReports", "HearthPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Single sign-on: ID tokens checked against the provider's keys.
                .product(name: "JWTKit", package: "jwt-kit"),
                // Mail (password reset links) over SMTP: a connection, its lines and TLS.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "HearthCLI",
            dependencies: [
                "HearthServer", "HearthStore", "HearthAPI", "HearthCore", "HearthReports", "HearthMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "hearth",
            dependencies: ["HearthCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"], exclude: ["Inventory/Fixtures"]),
        .testTarget(name: "HearthMediaTests", dependencies: ["HearthMedia"], exclude: ["Fixtures"]),
        .testTarget(
            name: "HearthReportsTests",
            dependencies: [
                "HearthReports", "HearthMedia", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "HearthStoreTests", dependencies: ["HearthStore", "HearthCore"]),
        .testTarget(
            name: "HearthServerTests",
            dependencies: [
                "HearthServer", "HearthAPI", "HearthMedia", "HearthReports", "HearthKit",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .testTarget(name: "HearthCLITests", dependencies: ["HearthCLI", "HearthAPI"]),
        .testTarget(name: "HearthPushTests", dependencies: ["HearthPush", .product(name: "Crypto", package: "swift-crypto"), .product(name: "JWTKit", package: "jwt-kit")]),
    ]
)

// Benchmarks (Benchmarks/, run by `make bench`) join the package only when asked for, so ordinary
// builds and CI never compile the harness.
if ProcessInfo.processInfo.environment["HEARTH_BENCHMARKS"] != nil {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"])
    )
    let store: [Target.Dependency] = ["HearthStore", "HearthCore", .product(name: "SQLKit", package: "sql-kit")]
    for (name, dependencies) in [
        ("StoreBenchmarks", store), ("FocusBenchmarks", store), ("ListsBenchmarks", store + ["HearthAPI"]), ("InventoryBenchmarks", store + ["HearthReports"]),
        ("MediaBenchmarks", ["HearthMedia"]), ("ReportBenchmarks", ["HearthReports", "HearthCore"]),
        ("SyncBenchmarks", ["HearthKit", "HearthServer", "HearthStore", "HearthAPI"]),
    ] {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: dependencies + [.product(name: "Benchmark", package: "benchmark")],
                path: "Benchmarks/\(name)",
                plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
            )
        )
    }
}
