/// The asset ids one write (an import, a restore) gives its new items: the id an item asks for (a
/// backup's, a file's) when the household has not given it, else the number after the last one
/// given. `last` is then what the household counts from.
public struct AssetNumbering: Sendable {
    /// The largest number given: the household's count, at least every id in `used`.
    public private(set) var last: Int
    private var used: Set<Int>

    public init(last: Int, used: Set<Int>) {
        self.last = max(last, used.max() ?? 0)
        self.used = used
    }

    /// Whether no item has `asset` (nor was given it by this numbering).
    public func isFree(_ asset: AssetID) -> Bool { !used.contains(asset.number) }

    /// Gives `asset` to an item that had another (an import naming it): true when it was free.
    public mutating func take(_ asset: AssetID) -> Bool {
        guard used.insert(asset.number).inserted else { return false }
        last = max(last, asset.number)
        return true
    }

    public mutating func next(requested: AssetID?) -> AssetID {
        if let requested, used.insert(requested.number).inserted {
            last = max(last, requested.number)
            return requested
        }
        last += 1
        used.insert(last)
        return AssetID(last)
    }
}
