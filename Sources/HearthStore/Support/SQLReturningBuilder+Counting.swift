import SQLKit

extension SQLReturningBuilder {
    /// Runs the delete or update and returns how many rows it touched, in one statement
    /// (`RETURNING` works on both backends), so "change it if it is yours" needs no look-up first.
    func runCounting() async throws -> Int {
        try await returning("id").all().count
    }
}
