import HearthCore

extension InventoryHomePage {
    /// A filter one tap away above the items: all, a room, a category, or warranties ending soon.
    struct Chip: Sendable, Equatable {
        let title: String
        let href: String
        let current: Bool
        /// Warranties ending soon: marked, as the original app's warranty dashboard did.
        let warning: Bool

        /// "All", the rooms and then the categories that hold items, and warranties ending within
        /// 90 days when there are any. "No room" and "No category" join only beside named ones.
        static func all(summary: InventorySummary, filters: InventoryFilters) -> [Chip] {
            func groups(_ totals: [GroupTotal], key: String, selected: String?, none: String) -> [Chip] {
                let held = totals.filter { $0.itemCount > 0 }
                guard held.contains(where: { $0.group != nil }) else { return [] }
                return held.map { total in
                    let id = total.group?.id.text ?? "none"
                    let name = total.group.map { [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") } ?? none
                    return Chip(title: name, href: "/inventory?\(key)=\(id)#items", current: selected == id, warning: false)
                }
            }
            let unfiltered = filters.room == nil && filters.category == nil && !filters.warranty
            var chips = [Chip(title: "All", href: "/inventory#items", current: unfiltered, warning: false)]
            if summary.warrantiesEnding > 0 {
                chips.append(Chip(title: "\(summary.warrantiesEnding.counted(.warranty)) ending", href: "/inventory?warranty=1#items",
                                  current: filters.warranty, warning: true))
            }
            chips += groups(summary.byRoom, key: "room", selected: filters.room, none: "No room")
            chips += groups(summary.byCategory, key: "category", selected: filters.category, none: "No category")
            return chips
        }
    }
}
