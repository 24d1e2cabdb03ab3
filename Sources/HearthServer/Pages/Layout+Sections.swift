import HearthCore

extension Layout.Section {
    /// One of a section's own pages.
    struct Page: Sendable, Equatable {
        let title: String
        let href: String
    }

    /// The section's pages in its sub-navigation. Recently deleted inventory items are reached from
    /// the items, so that the row fits a 360 px phone.
    var pages: [Page] {
        switch self {
        case .focus: [Page(title: "Timer", href: "/focus"), Page(title: "History", href: "/focus/history"),
                      Page(title: "Statistics", href: "/focus/stats")]
        case .inventory: [Page(title: "Items", href: "/inventory"), Page(title: "Capture", href: "/inventory/capture"),
                          Page(title: "Receipts", href: "/inventory/receipts"), Page(title: "Reports", href: "/inventory/reports"),
                          Page(title: "Rooms", href: "/inventory/organize")]
        case .lists: [Page(title: "Lists", href: "/lists"), Page(title: "Stores", href: "/lists/stores"),
                      Page(title: "Statistics", href: "/lists/stats"), Page(title: "Deleted", href: "/lists/deleted")]
        case .settings: []
        }
    }

    /// The page `path` belongs to: the one it is, or the longest whose address it continues
    /// (`/inventory/receipts/…` is under Receipts, `/inventory/items/…` under Items).
    static func page(for path: String, among pages: [Page]) -> Page? {
        pages.filter { path == $0.href || path.hasPrefix($0.href + "/") }.max { $0.href.count < $1.href.count }
    }

    var title: String {
        switch self {
        case .focus: "Focus"
        case .inventory: "Inventory"
        case .lists: "Lists"
        case .settings: "Settings"
        }
    }

    /// The section's symbol in the icon sprite (templates/icons.mustache).
    var icon: String { "icon-\(rawValue)" }
}
