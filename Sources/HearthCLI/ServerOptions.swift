import ArgumentParser
import Configuration
import Foundation
import HearthMedia
import HearthServer
import Logging

/// Where the server listens and keeps its data. Flags win over `HEARTH_*` environment variables,
/// which win over the defaults.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on (HEARTH_HOST, default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (HEARTH_PORT, default 8080).")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Folder for the SQLite database (HEARTH_DATA_DIR, default ./data).")
    var dataDirectory: String?

    @Option(name: .customLong("database-url"), help: "postgres:// URL to use PostgreSQL instead of SQLite (HEARTH_DATABASE_URL).")
    var databaseURL: String?

    @Option(name: .customLong("media-dir"),
            help: "Folder for photos and receipts (HEARTH_MEDIA_DIR, default media/ in the data folder); one shared folder for every server on one PostgreSQL.")
    var mediaDirectory: String?

    /// The configuration these flags and the environment describe.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppConfiguration {
        let config = ConfigReader(provider: EnvironmentVariablesProvider(
            environmentVariables: environment,
            secretsSpecifier: .specific(["HEARTH_DATABASE_URL", "HEARTH_SMTP_URL", "HEARTH_BACKUP_WEBDAV_URL", "HEARTH_BACKUP_WEBDAV_PASSWORD",
                                         "HEARTH_OIDC_CLIENT_SECRET"])
        ))
        let registration = config.string(forKey: "hearth.registration", default: "open").lowercased()
        guard ["open", "closed"].contains(registration) else {
            throw ValidationError("HEARTH_REGISTRATION must be “open” or “closed”, not “\(registration)”.")
        }
        let level = config.string(forKey: "hearth.log.level", default: "info").lowercased()
        guard let logLevel = Logger.Level(rawValue: level) else {
            throw ValidationError("HEARTH_LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical.")
        }
        let port = port ?? config.int(forKey: "hearth.port", default: 8080)
        guard (0...65535).contains(port) else { throw ValidationError("The port must be between 0 and 65535.") }
        let trustedProxies: TrustedProxies
        do {
            trustedProxies = try TrustedProxies(parsing: config.string(forKey: "hearth.trusted.proxies", default: ""))
        } catch {
            throw ValidationError("\(error)")
        }
        let defaults = ServerLimits()
        let limits = ServerLimits(
            maxConnections: try positive(config, "hearth.max.connections", defaults.maxConnections),
            maxConnectionsPerClient: try positive(config, "hearth.max.connections.per.client", defaults.maxConnectionsPerClient),
            idleTimeout: try positive(config, "hearth.idle.timeout", defaults.idleTimeout),
            requestTimeout: try positive(config, "hearth.request.timeout", defaults.requestTimeout),
            registrationsPerHour: try positive(config, "hearth.registrations.per.hour", defaults.registrationsPerHour),
            maxUploadBytes: try positive(config, "hearth.max.upload.mb", defaults.maxUploadBytes / 1_048_576) * 1_048_576,
            maxBackupBytes: try positive(config, "hearth.max.backup.mb", defaults.maxBackupBytes / 1_048_576) * 1_048_576,
            maxPixels: try positive(config, "hearth.max.megapixels", defaults.maxPixels / 1_000_000) * 1_000_000
        )
        var configuration = AppConfiguration(
            host: host ?? config.string(forKey: "hearth.host", default: "127.0.0.1"),
            port: port,
            dataDirectory: dataDirectory ?? config.string(forKey: "hearth.data.dir", default: "./data"),
            databaseURL: databaseURL ?? config.string(forKey: "hearth.database.url", isSecret: true),
            registrationOpen: registration == "open",
            secureCookies: config.bool(forKey: "hearth.secure.cookies", default: false),
            logLevel: logLevel,
            trustedProxies: trustedProxies,
            // HEARTH_WEBHOOKS_ALLOW_LOOPBACK is the setting's name from before it covered pushes too.
            allowLoopbackTargets: config.bool(forKey: "hearth.allow.loopback.targets",
                                              default: config.bool(forKey: "hearth.webhooks.allow.loopback", default: false)),
            pushContact: try pushContact(config),
            limits: limits,
            ocrLanguages: try ocrLanguages(config),
            backupDirectory: config.string(forKey: "hearth.backup.dir"),
            mediaDirectory: mediaDirectory ?? config.string(forKey: "hearth.media.dir")
        )
        configuration.publicURL = try publicURL(config)
        configuration.mail = try mail(config, publicURL: configuration.publicURL)
        configuration.offsiteBackup = try offsiteBackup(config)
        configuration.openID = try openID(config, publicURL: configuration.publicURL)
        configuration.forwardAuth = try forwardAuth(config, trustedProxies: trustedProxies)
        if let github = config.string(forKey: "hearth.github.api.url"), !github.isEmpty {
            guard let url = URL(string: github), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                throw ValidationError("HEARTH_GITHUB_API_URL must be GitHub's API address, such as https://api.github.com or https://github.example.org/api/v3.")
            }
            configuration.githubAPIURL = github
        }
        return configuration
    }

    /// `HEARTH_BACKUP_WEBDAV_URL` (with `_USER` and `_PASSWORD`): a WebDAV folder nightly backups also go to.
    private func offsiteBackup(_ config: ConfigReader) throws -> WebDAVSettings? {
        guard let text = config.string(forKey: "hearth.backup.webdav.url", isSecret: true), !text.isEmpty else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil
        else {
            throw ValidationError("HEARTH_BACKUP_WEBDAV_URL must be the address of a WebDAV folder, such as "
                                  + "https://cloud.example.org/remote.php/dav/files/me/hearth/.")
        }
        return WebDAVSettings(url: text, user: config.string(forKey: "hearth.backup.webdav.user"),
                              password: config.string(forKey: "hearth.backup.webdav.password", isSecret: true))
    }

    /// `HEARTH_PUBLIC_URL`: where people open Hearth, `https://hearth.example.org`.
    private func publicURL(_ config: ConfigReader) throws -> URL? {
        guard let text = config.string(forKey: "hearth.public.url"), !text.isEmpty else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil
        else {
            throw ValidationError("HEARTH_PUBLIC_URL must be the address people open Hearth at, such as https://hearth.example.org, not “\(text)”.")
        }
        return url
    }

    /// `HEARTH_SMTP_URL` and `HEARTH_MAIL_FROM`: how to send password reset links.
    private func mail(_ config: ConfigReader, publicURL: URL?) throws -> MailSettings? {
        guard let text = config.string(forKey: "hearth.smtp.url", isSecret: true), !text.isEmpty else { return nil }
        guard publicURL != nil else {
            throw ValidationError("HEARTH_SMTP_URL needs HEARTH_PUBLIC_URL too: the address people open Hearth at, for the links it mails.")
        }
        do {
            return try MailSettings(url: text, from: config.string(forKey: "hearth.mail.from"))
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `HEARTH_OCR_LANGUAGES`: the tesseract languages receipts are read in (nil: every one
    /// installed). A language without its data would leave every receipt unread, so it stops the start.
    private func ocrLanguages(_ config: ConfigReader) throws -> [String]? {
        let languages = config.string(forKey: "hearth.ocr.languages", default: "")
            .split(whereSeparator: { $0 == "," || $0 == "+" || $0 == " " }).map(String.init)
        guard !languages.isEmpty else { return nil }
        guard !languages.contains("osd") else {
            throw ValidationError("HEARTH_OCR_LANGUAGES names osd, which is tesseract's orientation data, not a language: leave it out.")
        }
        let installed = Set(TextRecognizer.installedLanguages())
        let missing = languages.filter { !installed.contains($0) }
        guard missing.isEmpty else {
            let packages = missing.map { "tesseract-ocr-" + $0.lowercased().replacingOccurrences(of: "_", with: "-") }
            throw ValidationError("HEARTH_OCR_LANGUAGES names \(missing.joined(separator: ", ")), which tesseract has no data for: "
                                  + "install \(packages.joined(separator: " ")) (make run does), or leave it out.")
        }
        return languages
    }

    /// `HEARTH_PUSH_CONTACT`: a `mailto:` or `https:` address push services may write to.
    private func pushContact(_ config: ConfigReader) throws -> String? {
        guard let contact = config.string(forKey: "hearth.push.contact"), !contact.isEmpty else { return nil }
        guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://") else {
            throw ValidationError("HEARTH_PUSH_CONTACT must be a mailto: or https:// address (for example mailto:you@example.org).")
        }
        return contact
    }

    /// A whole number above zero from the environment, or a sentence naming the variable.
    private func positive(_ config: ConfigReader, _ key: String, _ fallback: Int) throws -> Int {
        let value = config.int(forKey: ConfigKey(key), default: fallback)
        guard value > 0 else {
            throw ValidationError("\(key.uppercased().replacingOccurrences(of: ".", with: "_")) must be a whole number above 0.")
        }
        return value
    }
}
