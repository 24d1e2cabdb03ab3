extension Array where Element: Sendable {
    /// `transform` of every element, at most `width` running at once, in no particular order.
    /// Statements of one PostgreSQL connection are queued: while the server runs one, the next is
    /// built and encoded here, so a long series of them takes the longer of the two, not the sum.
    func concurrentlyMapped<Result: Sendable>(width: Int, _ transform: @escaping @Sendable (Element) async throws -> Result) async throws -> [Result] {
        try await withThrowingTaskGroup(of: Result.self) { group in
            var results: [Result] = []
            results.reserveCapacity(count)
            for (index, element) in enumerated() {
                if index >= width, let result = try await group.next() { results.append(result) }
                group.addTask { try await transform(element) }
            }
            for try await result in group { results.append(result) }
            return results
        }
    }
}

extension DatabaseKind {
    /// How many statements a transaction may have under way at once: SQLite's connection runs one
    /// at a time (and must not be used from two threads); PostgreSQL queues them.
    var statementsInFlight: Int { self == .postgres ? 3 : 1 }
}
