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

    var icon: String {
        switch self {
        case .focus: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z"
        case .inventory: "M3 7l9-4 9 4v10l-9 4-9-4zm2 1.5v7.2l6 2.7v-7.2zm14 0l-6 2.7v7.2l6-2.7zM12 5.2 6.9 7.5 12 9.8l5.1-2.3z"
        case .lists: "M4 5h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0h12v2H8zM4 17h2v2H4zm4 0h12v2H8z"
        case .settings: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-1.5-8h3l.5 2.6 2 .9 2.2-1.5 2.1 2.1-1.5 2.2.9 2 2.6.5v3l-2.6.5-.9 2 1.5 2.2-2.1 2.1-2.2-1.5-2 .9-.5 2.6h-3l-.5-2.6-2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2L2 13.5v-3l2.6-.5.9-2L4 5.8l2.1-2.1 2.2 1.5 2-.9z"
        }
    }
}
