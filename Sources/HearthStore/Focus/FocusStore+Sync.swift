import Foundation
import HearthCore
import SQLKit

extension FocusStore {
    /// Several of the user's Focus sessions by id (those still there), for the sync feed.
    public func sessions(ids: [UUID], userId: UUID) async throws -> [UUID: FocusSession] {
        var found: [UUID: FocusSession] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            for row in try await sql.select().columns(Self.sessionColumns).from("focus_sessions").where("id", .in, chunk)
                .where(database.owner("user_id", is: userId)).all() {
                let session = try Self.session(from: row)
                found[session.id] = session
            }
        }
        return found
    }
}
