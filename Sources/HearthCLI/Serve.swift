import ArgumentParser
import HearthServer
import Hummingbird
import Logging
import Metrics
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif
import Prometheus

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Hearth server (pages, API, timers).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.configuration()
        try await Self.checkPortIsFree(host: configuration.host, port: configuration.port)
        let level = configuration.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let app = try await buildApplication(configuration, metrics: registry)
        try await app.runService()
    }
}

extension Serve {
    /// Fails with a sentence that says what to do when another program listens on the port, before
    /// anything else starts (the migrations, the log).
    static func checkPortIsFree(host: String, port: Int) async throws {
        guard port != 0 else { return }
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
            try await channel.close()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CLIError(
                "Port \(port) on \(host) is already in use, perhaps by another Hearth. Stop that program, or start Hearth on another port with --port or HEARTH_PORT.")
        } catch let error as IOError where error.errnoCode == EACCES {
            throw CLIError("Hearth may not listen on port \(port) (ports below 1024 need extra rights). Choose another with --port or HEARTH_PORT.")
        }
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply database migrations and exit.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let applied = try await Administration.migrate(try options.configuration())
        print(applied.isEmpty ? "The database is up to date." : "Applied migrations: \(applied.map(String.init).joined(separator: ", ")).")
    }
}

struct Routes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every page and API route (METHOD /path/{parameter}), e.g. to set up a reverse proxy.")

    func run() async throws {
        for route in try await Administration.routes() { print(route) }
    }
}
