import Foundation
import Synchronization

/// Values decoded from JSON text the database stores, remembered by that text: the timer is read
/// far more often than it changes, and decoding its state on every look cost more than the query.
/// The same text always decodes to the same value, so there is nothing to invalidate; the memory
/// is bounded by starting over once it holds `capacity` texts.
final class DecodedJSON<Value: Decodable & Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private let capacity: Int

    init(capacity: Int = 1000) {
        self.capacity = capacity
    }

    func value(of text: String) throws -> Value {
        if let value = values.withLock({ $0[text] }) { return value }
        let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}
