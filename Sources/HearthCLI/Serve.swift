import ArgumentParser
import HearthServer
import Hummingbird
import Logging
import Metrics
import Prometheus

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Hearth server (pages, API, timers).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.configuration()
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

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply database migrations and exit.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let applied = try await Administration.migrate(try options.configuration())
        print(applied.isEmpty ? "The database is up to date." : "Applied migrations: \(applied.map(String.init).joined(separator: ", ")).")
    }
}
