import HearthCore

/// What every page's frame needs: title, who is signed in, theme, navigation and the CSRF token.
struct Layout: Sendable {
    /// The app's four areas, shown as header tabs (a bottom tab bar on phones).
    enum Section: String, Sendable, CaseIterable {
        case focus, inventory, lists, settings
    }

    struct NavItem: Sendable {
        let title: String
        let href: String
        /// SVG path data for the tab icon (24×24 view box).
        let icon: String
        let active: Bool
    }

    /// The browser's bar colour (an installed app's title bar), per colour scheme for "system".
    struct ThemeColor: Sendable {
        let color: String
        let media: String?
    }

    struct SignedIn: Sendable {
        let name: String
        let timeZone: String
    }

    let title: String
    private(set) var user: SignedIn?
    /// The signed-in person's id: the page keeps its offline copy and outbox under it.
    let account: String?
    /// A page the service worker keeps to show an account's offline copy: it carries nobody's data.
    private(set) var shell: Bool
    let theme: String
    let accent: String
    let colorScheme: String
    let themeColors: [ThemeColor]
    let csrfToken: String
    let assetVersion: String
    let notice: String?
    let nav: [NavItem]
    /// A page behind the inventory's lock: its choice (``InventoryLock/choice``), for the page to
    /// say when it is hidden or used.
    let inventoryLock: String?

    init(title: String, section: Section?, context: HearthRequestContext, assetVersion: String, notice: String? = nil) {
        self.title = title
        self.user = context.user.map { SignedIn(name: $0.name, timeZone: $0.timeZone) }
        self.account = context.user?.id.text
        self.shell = false
        let appearance = context.user?.appearance ?? Appearance()
        self.theme = appearance.theme.rawValue
        self.accent = appearance.accent.rawValue
        self.colorScheme = switch appearance.theme {
        case .system: "light dark"
        case .dark: "dark"
        case .light, .eink: "light"
        }
        let light = ThemeColor(color: "#ffffff", media: nil), dark = ThemeColor(color: "#1c1e21", media: nil)
        self.themeColors = switch appearance.theme {
        case .system: [ThemeColor(color: light.color, media: "(prefers-color-scheme: light)"),
                       ThemeColor(color: dark.color, media: "(prefers-color-scheme: dark)")]
        case .dark: [dark]
        case .light, .eink: [light]
        }
        self.csrfToken = context.csrfToken
        self.assetVersion = assetVersion
        self.notice = notice
        self.inventoryLock = context.inventoryLockShown?.choice
        self.nav = Section.allCases.map { item in
            NavItem(title: item.title, href: "/" + item.rawValue, icon: item.icon, active: item == section)
        }
    }

    /// The frame of a page kept for offline use: the tabs of a signed-in page, default appearance,
    /// and no name, zone, account or token (the page finds the account in the browser's own copy).
    static func shell(title: String, section: Section, context: HearthRequestContext, assetVersion: String) -> Layout {
        var anonymous = context
        anonymous.user = nil
        anonymous.csrfToken = ""
        var frame = Layout(title: title, section: section, context: anonymous, assetVersion: assetVersion)
        frame.user = SignedIn(name: "", timeZone: "")
        frame.shell = true
        return frame
    }
}

extension Layout.Section {
    var title: String {
        switch self {
        case .focus: "Focus"
        case .inventory: "Inventory"
        case .lists: "Lists"
        case .settings: "Settings"
        }
    }

    var icon: String {
        switch self {
        case .focus: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z"
        case .inventory: "M3 7l9-4 9 4v10l-9 4-9-4zm2 1.5v7.2l6 2.7v-7.2zm14 0l-6 2.7v7.2l6-2.7zM12 5.2 6.9 7.5 12 9.8l5.1-2.3z"
        case .lists: "M4 5h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0h12v2H8zM4 17h2v2H4zm4 0h12v2H8z"
        case .settings: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-1.5-8h3l.5 2.6 2 .9 2.2-1.5 2.1 2.1-1.5 2.2.9 2 2.6.5v3l-2.6.5-.9 2 1.5 2.2-2.1 2.1-2.2-1.5-2 .9-.5 2.6h-3l-.5-2.6-2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2L2 13.5v-3l2.6-.5.9-2L4 5.8l2.1-2.1 2.2 1.5 2-.9z"
        }
    }
}
