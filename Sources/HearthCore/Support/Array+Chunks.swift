extension Array {
    /// The array in consecutive pieces of at most `size` elements: for statements with many binds.
    public func chunks(of size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
