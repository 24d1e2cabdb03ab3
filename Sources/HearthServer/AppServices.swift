import HearthCore
import HearthMedia
import HearthStore
import Logging

/// The dependencies controllers receive in `init`: stores, services, the clock and the renderer.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let database: Database
    let accounts: AccountStore
    let credentials: CredentialStore
    let accountService: AccountService
    let passwordResets: PasswordResets
    let passkeys: PasskeyService
    /// Signing in through the identity provider; nil when none is configured.
    let singleSignOn: SingleSignOnService?
    /// Programs (the CLI) signed in through a browser.
    var deviceSignIns: DeviceSignIns { DeviceSignIns(accountService: accountService) }
    let focus: FocusService
    let events: EventHub
    let webhooks: WebhookStore
    let push: PushService
    let lists: ListStore
    let inventory: InventoryStore
    let media: MediaLibrary
    let barcodes: BarcodeReader
    /// Receipts waiting for OCR (read by ``ReceiptReader``).
    let receiptQueue: ReceiptReader.Queue
    let backups: HouseholdBackups
    let listGists: ListGistBackups
    let reports: InventoryReports
    let labels: InventoryLabels
    let claimFiles: ClaimFiles
    let secrets: SecretBox
    /// The locks this server holds while it works on something of the cluster's (PostgreSQL only).
    let locks: SessionLocks?
    let renderer: PageRenderer
    /// For what fails beside a request without failing it (a notification not noted).
    let logger: Logger
    /// Every route, once the router is built.
    let routes = RouteTable()
    var clock: any WallClock { configuration.clock }

    /// A layout for a page of `section`, carrying the request's user and CSRF token.
    func layout(_ title: String, _ section: Layout.Section?, _ context: HearthRequestContext, notice: String? = nil) -> Layout {
        Layout(title: title, section: section, context: context, assetVersion: renderer.assetVersion, notice: notice)
    }
}
