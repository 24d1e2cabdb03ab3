import Foundation
import HearthAPI
import HearthCore
import HearthMedia
import HearthPush
import HearthStore
import Hummingbird
import HummingbirdCore
import Logging
import OpenAPIHummingbird
import Prometheus

/// Builds the whole Hearth server from a configuration: database (migrated), stores, pages, API.
/// `hearth serve` runs it; tests build the same app with ``AppConfiguration/testing(clock:registrationOpen:)``.
public func buildApplication(
    _ configuration: AppConfiguration, metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "hearth")
    logger.logLevel = configuration.logLevel
    let database = try await Database.open(try configuration.databaseLocation(), logger: logger)
    do {
        let applied = try await database.migrate()
        if !applied.isEmpty { logger.info("Applied migrations \(applied)") }
        let services = try await AppServices.make(configuration: configuration, database: database, logger: logger)
        let categorised = try await services.lists.categoriseUncategorised()
        if categorised > 0 { logger.info("Sorted \(categorised) list items of an earlier release into aisles") }
        let router = try buildRouter(services, metrics: metrics, logger: logger)
        var app = Application(
            router: router,
            server: .http1(configuration: configuration.limits.channelConfiguration(trusted: configuration.trustedProxies)),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Hearth",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.limits.maxConnections)
            ),
            logger: logger
        )
        app.addServices(
            DatabaseService(database: database, locks: services.locks, credentials: services.credentials, webhooks: services.webhooks,
                            lists: services.lists, inventory: services.inventory, media: services.media,
                            clock: configuration.clock, logger: logger),
            FocusScheduler(focus: services.focus),
            NightlyBackupService(backups: services.backups, database: database, locks: services.locks, clock: configuration.clock, logger: logger),
            ListGistBackupService(gists: services.listGists, database: database, locks: services.locks, logger: logger),
            ReceiptReader(queue: services.receiptQueue, inventory: services.inventory, media: services.media,
                          recognizer: TextRecognizer(processor: services.media.processor, languages: configuration.ocrLanguages),
                          events: services.events, locks: services.locks, logger: logger),
            WebhookSender(store: services.webhooks, box: services.secrets, clock: configuration.clock,
                          allowLoopback: configuration.allowLoopbackTargets, locks: services.locks, logger: logger),
            PushSender(store: services.push.store, key: services.push.key, contact: configuration.pushContact,
                       doorbell: services.push.doorbell, clock: configuration.clock,
                       allowLoopback: configuration.allowLoopbackTargets, logger: logger),
            ScheduledPushes(database: database, push: services.push, clock: configuration.clock, logger: logger)
        )
        if database.kind == .postgres {
            app.addServices(EventFollower(store: EventStore(database: database, clock: configuration.clock),
                                          subscribers: services.events.subscribers, logger: logger))
        }
        return app
    } catch {
        try? await database.close()
        throw error
    }
}

/// The router with every middleware, page controller and the API.
func buildRouter(_ services: AppServices, metrics: PrometheusCollectorRegistry, logger: Logger) throws -> Router<HearthRequestContext> {
    let router = Router(context: HearthRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.middlewares.add(RequestLogMiddleware())
    router.middlewares.add(MetricsMiddleware())
    router.middlewares.add(SecurityHeadersMiddleware(formTargets: services.configuration.openID.flatMap(\.providerOrigin).map { [$0] } ?? []))
    // The outer error middleware catches failures of authentication itself (a database that does not
    // answer); the inner one renders every other error with the signed-in user's theme and navigation.
    router.middlewares.add(ErrorMiddleware(renderer: services.renderer))
    router.middlewares.add(RequestGuardMiddleware())
    router.middlewares.add(ClientAddressMiddleware(trusted: services.configuration.trustedProxies))
    router.middlewares.add(AuthenticationMiddleware(credentials: services.credentials, secureCookies: services.configuration.secureCookies))
    router.middlewares.add(ErrorMiddleware(renderer: services.renderer))
    router.middlewares.add(MethodNotAllowedMiddleware(routes: services.routes))
    // Inside ErrorMiddleware: FileMiddleware serves a file when the router has no route for the path.
    router.middlewares.add(FileMiddleware(
        Resources.publicFiles.path,
        // Scripts import each other without the version in their URLs, so browsers revalidate them
        // (cheap with ETags); everything else carries the content hash and is cached for a year.
        cacheControl: .init([
            (.textJavascript, [.noCache]),
            (MediaType(type: .any), [.public, .maxAge(365 * 24 * 3600), .immutable]),
        ]),
        searchForIndexHtml: false,
        logger: logger
    ))
    router.middlewares.add(CSRFMiddleware(secureCookies: services.configuration.secureCookies))
    if let forwardAuth = services.configuration.forwardAuth {
        router.middlewares.add(ForwardAuthMiddleware(settings: forwardAuth, services: services))
    }
    router.middlewares.add(InventoryLockMiddleware(credentials: services.credentials))
    router.middlewares.add(APIRequestMiddleware())

    OperationsRoutes(database: services.database, metrics: metrics).addRoutes(to: router)
    AccountPages(services: services).addRoutes(to: router)
    SingleSignOnPages(services: services).addRoutes(to: router)
    DeviceSignInPages(services: services).addRoutes(to: router)
    SettingsPages(services: services).addRoutes(to: router)
    TokenPages(services: services).addRoutes(to: router)
    SecurityPages(services: services).addRoutes(to: router)
    ConfirmationPages(services: services).addRoutes(to: router)
    InventoryLockPages(services: services).addRoutes(to: router)
    PasswordResetPages(services: services).addRoutes(to: router)
    BackupPages(services: services).addRoutes(to: router)
    ListBackupPages(services: services).addRoutes(to: router)
    HouseholdPages(services: services).addRoutes(to: router)
    AppPages(services: services).addRoutes(to: router)
    WelcomePages(services: services).addRoutes(to: router)
    try InstallablePages(services: services).addRoutes(to: router)
    FocusPages(services: services).addRoutes(to: router)
    ListsPages(services: services).addRoutes(to: router)
    StoresPages(services: services).addRoutes(to: router)
    InventoryPages(services: services).addRoutes(to: router)
    InventoryOrganizePages(services: services).addRoutes(to: router)
    MaintenancePages(services: services).addRoutes(to: router)
    CheckPages(services: services).addRoutes(to: router)
    ReportPages(services: services).addRoutes(to: router)
    LabelPages(services: services).addRoutes(to: router)
    ClaimPages(services: services).addRoutes(to: router)
    InventoryCapturePages(services: services).addRoutes(to: router)
    ReceiptPages(services: services).addRoutes(to: router)
    WebhookPages(services: services).addRoutes(to: router)
    NotificationPages(services: services).addRoutes(to: router)
    // Fractional seconds keep `endsAt` exact to the millisecond for every client's countdown.
    try HearthAPIService(services: services).registerHandlers(
        on: router, configuration: .hearthServer,
        middlewares: [EmptyBodyIsNoBody(), PlainResponseHeaders(), ListPageAnswers(cache: services.database.listPages, clock: services.clock)])
    services.routes.load(from: router)
    return router
}

extension AppServices {
    static func make(configuration: AppConfiguration, database: Database, logger: Logger = Logger(label: "hearth")) async throws -> AppServices {
        let accounts = AccountStore(database: database, clock: configuration.clock)
        let credentials = CredentialStore(database: database, clock: configuration.clock)
        let secrets = configuration.inMemoryDatabase ? SecretBox.ephemeral()
            : try SecretBox.load(dataDirectory: configuration.dataDirectory)
        try await ClusterAgreement(database: database, configuration: configuration).check(secrets: secrets)
        let hasher = PasswordHasher(cost: configuration.passwordCost)
        let throttle = AttemptThrottle(clock: configuration.clock, registrationsPerHour: configuration.limits.registrationsPerHour,
                                       ledger: database.kind == .postgres ? AttemptStore(database: database) : MemoryAttemptLedger())
        let accountService = AccountService(
            accounts: accounts, credentials: credentials, hasher: hasher, throttle: throttle,
            registrationOpen: configuration.registrationOpen, passwordSignIn: configuration.passwordSignIn,
            decoyHash: try await hasher.decoyHash(),
            twoStep: TwoStepService(credentials: credentials, box: secrets, clock: configuration.clock)
        )
        let events = EventHub.make(database: database, clock: configuration.clock, logger: logger)
        let webhooks = WebhookStore(database: database, clock: configuration.clock)
        let push = PushService(store: PushStore(database: database, clock: configuration.clock),
                               key: try await VAPIDKey.load(database: database, secrets: secrets), secrets: secrets,
                               doorbell: Doorbell(), clock: configuration.clock)
        let focus = FocusService(
            store: FocusStore(database: database, clock: configuration.clock), accounts: accounts, events: events,
            webhooks: webhooks, push: push, schedule: TimerSchedule(sweepInterval: TimerSchedule.sweepInterval(for: database.kind)), clock: configuration.clock, ids: .random, logger: logger
        )
        let inventory = InventoryStore(database: database, clock: configuration.clock)
        let processor = ImageProcessor(maxPixels: configuration.limits.maxPixels)
        let media = try MediaLibrary(root: configuration.mediaDirectory, processor: processor, maxBytes: configuration.limits.maxUploadBytes,
                                     removeUnnamed: { try await inventory.removeUnreferencedFiles($0, remove: $1) })
        let receiptQueue = ReceiptReader.Queue()
        var backups = HouseholdBackups(inventory: inventory, media: media, receiptQueue: receiptQueue, clock: configuration.clock,
                                       maxBytes: configuration.limits.maxBackupBytes, keptDirectory: configuration.backupDirectory)
        if let offsite = configuration.offsiteBackup {
            backups.offsite = OffsiteBackups(folder: WebDAVFolder(url: offsite.url, user: offsite.user, password: offsite.password),
                                             inventory: inventory, secrets: secrets, temporaryFolder: media.temporaryFolder, logger: logger)
        }
        backups.adoptKeptBackups(from: configuration.earlierBackupDirectory, logger: logger)
        return AppServices(
            configuration: configuration, database: database, accounts: accounts, credentials: credentials,
            accountService: accountService,
            passwordResets: PasswordResets(accounts: accounts, credentials: credentials, hasher: hasher, throttle: throttle,
                                           mail: configuration.mail, publicURL: configuration.publicURL, clock: configuration.clock, logger: logger),
            passkeys: PasskeyService(credentials: credentials, accounts: accounts,
                                     party: PasskeyService.relyingParty(publicURL: configuration.publicURL, port: configuration.port)),
            singleSignOn: configuration.openID.flatMap { settings in
                configuration.publicURL.map { SingleSignOnService(settings: settings, publicURL: $0, accountService: accountService,
                                                                  box: secrets, clock: configuration.clock) }
            },
            focus: focus, events: events, webhooks: webhooks, push: push,
            lists: ListStore(database: database, clock: configuration.clock,
                             words: try Resources.shoppingWords.get()),
            inventory: inventory, media: media,
            barcodes: BarcodeReader(processor: processor), receiptQueue: receiptQueue, backups: backups,
            listGists: ListGistBackups(store: ListGistStore(database: database, clock: configuration.clock), inventory: inventory, secrets: secrets,
                                       apiURL: configuration.githubAPIURL, allowLoopback: configuration.allowLoopbackTargets,
                                       clock: configuration.clock, logger: logger),
            reports: InventoryReports(inventory: inventory, accounts: accounts, media: media),
            labels: InventoryLabels(inventory: inventory, media: media, publicURL: configuration.publicURL), claimFiles: ClaimFiles(media: media, inventory: inventory),
            secrets: secrets, locks: SessionLocks(database: database, logger: logger),
            renderer: try await PageRenderer.load(), logger: logger
        )
    }
}
