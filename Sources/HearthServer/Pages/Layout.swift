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
        /// The tab icon's symbol in the sprite (`icon-focus`).
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
    /// The section's own pages (Items, Capture, Receipts…): a row on phones, under the section in
    /// the desktop's sidebar.
    let subnav: [NavItem]
    /// Whether the phone's row shows: on the section's own pages, not on an item or a list, which
    /// have their way back instead.
    let showsSubnav: Bool
    let hasSubnav: Bool
    /// The section's name, for its sub-navigation's label, and its first page.
    let sectionTitle: String
    let sectionHref: String
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
        let pages = section?.pages ?? []
        let current = Section.page(for: context.pagePath, among: pages)
        self.subnav = pages.map { NavItem(title: $0.title, href: $0.href, icon: "", active: $0.href == current?.href) }
        self.showsSubnav = pages.contains { $0.href == context.pagePath }
        self.hasSubnav = !pages.isEmpty
        self.sectionTitle = section?.title ?? ""
        self.sectionHref = section.map { "/" + $0.rawValue } ?? "/"
    }

    /// The frame of a page kept for offline use: the tabs of a signed-in page, default appearance,
    /// and no name, zone, account or token (the page finds the account in the browser's own copy).
    /// `path` is the page it stands in for (`/inventory`), for the navigation.
    static func shell(title: String, section: Section, path: String, context: HearthRequestContext, assetVersion: String) -> Layout {
        var anonymous = context
        anonymous.user = nil
        anonymous.csrfToken = ""
        anonymous.pagePath = path
        var frame = Layout(title: title, section: section, context: anonymous, assetVersion: assetVersion)
        frame.user = SignedIn(name: "", timeZone: "")
        frame.shell = true
        return frame
    }
}
