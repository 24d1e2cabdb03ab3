import Foundation
import HearthCore
import HearthStore
import Logging

/// Everything `buildApplication` needs to know. The CLI fills it from flags and `HEARTH_*` variables;
/// tests build one with ``testing(clock:)``.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Holds the SQLite file (unless a PostgreSQL URL is given) and the photos and receipts (`media/`).
    public var dataDirectory: String
    /// `postgres://...` to use PostgreSQL instead of the SQLite file in the data directory.
    public var databaseURL: String?
    /// Whether anyone may register; when false, `hearth user create` adds users.
    public var registrationOpen: Bool
    /// Mark cookies `Secure` (set it when Hearth is served over HTTPS by a proxy that does not send
    /// `X-Forwarded-Proto`).
    public var secureCookies: Bool
    public var logLevel: Logger.Level
    /// bcrypt work factor.
    public var passwordCost: UInt8
    public var clock: any WallClock
    /// Use an in-memory database (tests).
    public var inMemoryDatabase: Bool
    /// Reverse proxies whose `X-Forwarded-For` names the client for limits.
    public var trustedProxies: TrustedProxies
    /// Whether webhooks and pushes may go to this machine itself (off: they could reach services
    /// that listen only on loopback). Pushes may then also go to a plain http:// push service (tests).
    public var allowLoopbackTargets: Bool
    /// The VAPID `sub` push services may contact about this server's pushes (`mailto:` or `https:`).
    public var pushContact: String
    /// Connections, timeouts and sizes that keep one client from holding the server.
    public var limits: ServerLimits
    /// Languages OCR reads receipts in (tesseract's names, e.g. `eng`, `deu`); nil: every one installed.
    public var ocrLanguages: [String]?
    /// Where nightly backups are kept, one folder per household; nil: see ``backupDirectory``.
    public var backupDirectoryOverride: String?
    /// Where photos and receipt images are kept; nil: `media/` in the data directory.
    public var mediaDirectoryOverride: String?
    /// The address people open Hearth at (`HEARTH_PUBLIC_URL`), for links in mails; never taken from
    /// a request's Host, which whoever asks for a reset link could choose.
    public var publicURL: URL?
    /// How to send mail (password reset links); nil: the server sends none.
    public var mail: MailSettings?
    /// The WebDAV folder nightly backups are also sent to, encrypted; nil: they stay on the server.
    public var offsiteBackup: WebDAVSettings?
    /// Signing in through an OpenID Connect provider; nil: passwords and passkeys only.
    public var openID: OpenIDSettings?
    /// Signing in by a trusted proxy's headers; nil: such headers are ignored.
    public var forwardAuth: ForwardAuthSettings?
    /// GitHub's API for the lists' Gist backup (`HEARTH_GITHUB_API_URL`; a GitHub Enterprise server's `…/api/v3`).
    public var githubAPIURL = "https://api.github.com"

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "./data",
        databaseURL: String? = nil, registrationOpen: Bool = true, secureCookies: Bool = false,
        logLevel: Logger.Level = .info, passwordCost: UInt8 = 12,
        clock: any WallClock = SystemClock(), inMemoryDatabase: Bool = false,
        trustedProxies: TrustedProxies = .none, allowLoopbackTargets: Bool = false, pushContact: String? = nil, limits: ServerLimits = ServerLimits(),
        ocrLanguages: [String]? = nil, backupDirectory: String? = nil, mediaDirectory: String? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.registrationOpen = registrationOpen
        self.secureCookies = secureCookies
        self.logLevel = logLevel
        self.passwordCost = passwordCost
        self.clock = clock
        self.inMemoryDatabase = inMemoryDatabase
        self.trustedProxies = trustedProxies
        self.allowLoopbackTargets = allowLoopbackTargets
        self.pushContact = pushContact ?? Self.defaultPushContact
        self.limits = limits
        self.ocrLanguages = ocrLanguages
        self.backupDirectoryOverride = backupDirectory
        self.mediaDirectoryOverride = mediaDirectory
    }

    /// A configuration for tests: in-memory SQLite, media in a fresh temporary folder, cheap bcrypt,
    /// quiet logs, webhooks to a local receiver.
    public static func testing(clock: any WallClock = SystemClock(), registrationOpen: Bool = true) -> AppConfiguration {
        AppConfiguration(
            port: 0, dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("hearth-test-\(UUID().text)").path,
            registrationOpen: registrationOpen, logLevel: .warning,
            passwordCost: 4, clock: clock, inMemoryDatabase: true, allowLoopbackTargets: true
        )
    }

    /// An address at this machine's name, until the operator sets `HEARTH_PUSH_CONTACT`.
    static var defaultPushContact: String { "mailto:hearth@\(ProcessInfo.processInfo.hostName)" }

    /// Where photos and receipt images are kept (`HEARTH_MEDIA_DIR`, else `media/` in the data
    /// directory): on PostgreSQL, one folder every server of the database shares.
    public var mediaDirectory: String {
        mediaDirectoryOverride ?? URL(fileURLWithPath: dataDirectory).appendingPathComponent("media").path
    }

    /// Where nightly backups are kept (`HEARTH_BACKUP_DIR`), else `backups/` in the data directory
    /// on SQLite, and on PostgreSQL `backups/` in the media folder, which every server shares.
    public var backupDirectory: String {
        backupDirectoryOverride ?? (usesPostgres ? URL(fileURLWithPath: mediaDirectory) : URL(fileURLWithPath: dataDirectory))
            .appendingPathComponent("backups").path
    }

    /// Where nightly backups were kept by default before they moved to the shared media folder on
    /// PostgreSQL (nil where they have not moved).
    var earlierBackupDirectory: String? {
        guard usesPostgres, backupDirectoryOverride == nil else { return nil }
        return URL(fileURLWithPath: dataDirectory).appendingPathComponent("backups").path
    }

    /// Whether people may sign in (and register) with a password or passkey: not when only the
    /// identity provider signs people in (`HEARTH_OIDC_ONLY`).
    public var passwordSignIn: Bool { !(openID?.only ?? false) }

    /// Whether the database is PostgreSQL.
    public var usesPostgres: Bool { !(databaseURL ?? "").isEmpty }

    /// Where the data lives, checking that the data directory is usable when SQLite is.
    public func databaseLocation() throws -> DatabaseLocation {
        if usesPostgres, let databaseURL { return .postgres(url: databaseURL) }
        if inMemoryDatabase { return .sqliteMemory }
        try DataDirectory.prepare(dataDirectory)
        return .sqliteFile(path: URL(fileURLWithPath: dataDirectory).appendingPathComponent("hearth.sqlite").path)
    }
}

/// What keeps one client from holding the server: a cap on connections in all and per client
/// address, how long an idle connection stays open, how long a request may take to arrive, and how
/// large its headers may be. Bodies are limited where they are read (1 MiB for the API and forms,
/// ``maxUploadBytes`` for each uploaded file).
public struct ServerLimits: Sendable, Equatable {
    public var maxConnections: Int
    /// Connections one client address may hold (trusted proxies are not counted).
    public var maxConnectionsPerClient: Int
    /// Seconds a connection may stay without a request, and a request head may take to arrive.
    public var idleTimeout: Int
    /// Seconds from a request's head to the end of its body.
    public var requestTimeout: Int
    public var maxHeaderBytes: Int
    /// Accounts one client address may register in an hour.
    public var registrationsPerHour: Int
    /// Bytes one uploaded photo or receipt may have.
    public var maxUploadBytes: Int
    /// Bytes an uploaded backup may have, and what its archive may expand to.
    public var maxBackupBytes: Int
    /// Pixels an uploaded picture may have (decoding one takes about 4 bytes of memory a pixel).
    public var maxPixels: Int

    public init(maxConnections: Int = 4096, maxConnectionsPerClient: Int = 256, idleTimeout: Int = 30,
                requestTimeout: Int = 60, maxHeaderBytes: Int = 32 * 1024, registrationsPerHour: Int = 10,
                maxUploadBytes: Int = 25 * 1024 * 1024, maxBackupBytes: Int = 4096 * 1024 * 1024, maxPixels: Int = 100_000_000) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maxHeaderBytes = maxHeaderBytes
        self.registrationsPerHour = registrationsPerHour
        self.maxUploadBytes = maxUploadBytes
        self.maxBackupBytes = maxBackupBytes
        self.maxPixels = maxPixels
    }
}

/// The data directory: created when missing, refused with a clear message when not writable.
public enum DataDirectory {
    public struct NotWritable: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String {
            "The data directory \(path) is not writable (\(reason)). Set HEARTH_DATA_DIR or --data-dir to a folder Hearth may write."
        }
    }

    /// Creates the folder if needed and proves it is writable by writing and removing a file.
    public static func prepare(_ path: String) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            let probe = URL(fileURLWithPath: path).appendingPathComponent(".write-test-\(UUID().text)")
            try Data().write(to: probe)
            try manager.removeItem(at: probe)
        } catch {
            throw NotWritable(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// A WebDAV folder for off-site backups (`HEARTH_BACKUP_WEBDAV_URL`, `HEARTH_BACKUP_WEBDAV_USER`,
/// `HEARTH_BACKUP_WEBDAV_PASSWORD`): Nextcloud, ownCloud, a NAS. Set by whoever runs the server,
/// so it may be on the home network or this machine.
public struct WebDAVSettings: Sendable, Equatable {
    public var url: String
    public var user: String?
    public var password: String?

    public init(url: String, user: String? = nil, password: String? = nil) {
        self.url = url
        self.user = user
        self.password = password
    }
}
