import Foundation
import HearthCore
import SQLKit

/// What warranty and maintenance reminders share: a row of `push_reminders` per item and reminder
/// name, inserted in the transaction that queues the pushes, so a cluster's servers send each once.
extension PushStore {
    /// A reminder that may be due: its household and window, and the item and name it is kept under.
    struct ReminderCandidate<Value> {
        let householdId: UUID
        let window: Int
        let itemId: UUID
        let name: String
        let value: Value
    }

    /// The candidates not sent yet, by household and window, in the order they came.
    func unsent<Value>(_ candidates: [ReminderCandidate<Value>]) async throws -> [(householdId: UUID, window: Int, values: [Value])] {
        var sent = Set<String>()
        for chunk in Array(Set(candidates.map(\.itemId))).chunks(of: 1000) {
            for row in try await sql.select().columns("item_id", "reminder").from("push_reminders").where("item_id", isOneOf: chunk, on: sql).all() {
                sent.insert("\(try row.decode(column: "item_id", as: UUID.self).text)|\(try row.decode(column: "reminder", as: String.self))")
            }
        }
        var groups: [(householdId: UUID, window: Int, values: [Value])] = []
        for candidate in candidates where !sent.contains("\(candidate.itemId.text)|\(candidate.name)") {
            if let index = groups.firstIndex(where: { $0.householdId == candidate.householdId && $0.window == candidate.window }) {
                groups[index].values.append(candidate.value)
            } else {
                groups.append((candidate.householdId, candidate.window, [candidate.value]))
            }
        }
        return groups
    }

    /// Marks the reminders of `values` sent within the caller's transaction; answers those this call
    /// marked (another server may have sent some meanwhile).
    func claim<Value>(_ values: [Value], on db: any SQLDatabase, reminder: (Value) -> (itemId: UUID, name: String)) async throws -> [Value] {
        var claimed: [Value] = []
        for value in values {
            let (itemId, name) = reminder(value)
            let inserted = try await db.insert(into: "push_reminders").columns("item_id", "reminder", "sent_at")
                .values(SQLBind(itemId), SQLBind(name), SQLBind(clock.now))
                .ignoringConflicts(with: ["item_id", "reminder"]).returning("item_id").all()
            if !inserted.isEmpty { claimed.append(value) }
        }
        return claimed
    }
}
