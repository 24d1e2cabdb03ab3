import Foundation
import SQLKit

extension Database {
    /// `column = owner` for a query that finds rows by their own keys (a page of ids). On SQLite it
    /// is written `+column`, so that the planner keeps to the keys: with the owner's index it read
    /// every row of a large household (20,000 items to find 500).
    func owner(_ column: String, is owner: UUID) -> any SQLExpression {
        SQLBinaryExpression(kind == .sqlite ? SQLRaw("+" + column) : SQLColumn(column), .equal, SQLBind(owner))
    }
}
