/// The household's list dashboard. Deleted lists and their items are left out.
public struct ListStatistics: Sendable, Equatable {
    /// An item name and how often the household bought it.
    public struct Bought: Sendable, Equatable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public var activeLists: Int
    public var totalItems: Int
    public var purchasedItems: Int
    public var listsWithItems: Int
    public var mostBought: [Bought]

    public init(activeLists: Int, totalItems: Int, purchasedItems: Int, listsWithItems: Int, mostBought: [Bought]) {
        self.activeLists = activeLists
        self.totalItems = totalItems
        self.purchasedItems = purchasedItems
        self.listsWithItems = listsWithItems
        self.mostBought = mostBought
    }

    /// Purchased share of all items, 0...1 (0 without items).
    public var completionRate: Double { totalItems == 0 ? 0 : Double(purchasedItems) / Double(totalItems) }

    /// Items per active list (0 without lists).
    public var averageItemsPerList: Double { activeLists == 0 ? 0 : Double(totalItems) / Double(activeLists) }
}
