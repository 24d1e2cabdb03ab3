extension Array {
    /// Moves the element at `index` to `position` among the others (1 first; past the end: last;
    /// below 1: first), as a list dragged or moved with ↑/↓ does. Returns the position it took.
    @discardableResult
    public mutating func move(from index: Int, toPosition position: Int) -> Int {
        let moved = remove(at: index)
        let place = Swift.min(Swift.max(position, 1), count + 1)
        insert(moved, at: place - 1)
        return place
    }
}
