import SQLKit

extension SQLDeleteBuilder {
    /// Runs the delete and returns how many rows it removed, in one statement (`RETURNING` works on
    /// both backends), so "delete if it is yours" needs no look-up first.
    func runCounting() async throws -> Int {
        try await returning("id").all().count
    }
}
