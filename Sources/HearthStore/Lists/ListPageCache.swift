import Foundation
import HearthCore

/// What `GET /api/v1/lists/{id}` answered (its JSON), by household and request, for a few seconds
/// (see ``ReadCache``; SQLite only): a household's phones re-read a list on every change they hear
/// of, and a remembered answer needs neither a statement nor encoding. Every change to a list or its
/// items clears it once committed (``ListStore/forgetPages()``).
public typealias ListPageCache = ReadCache<ListPageKey, [UInt8]>

/// One request for a page of a list, by a member of a household.
public struct ListPageKey: Hashable, Sendable {
    let householdId: UUID
    /// The list and the page asked for (its cursor and limit).
    let request: String

    public init(householdId: UUID, request: String) {
        self.householdId = householdId
        self.request = request
    }
}

extension ListPageCache {
    /// A cache of list pages: 5 seconds; more than 16 MB of JSON in all start it over.
    static func pages(isOn: Bool) -> ListPageCache {
        ListPageCache(lifetime: 5, capacity: 16 << 20, isOn: isOn)
    }

    /// The JSON remembered for `key`, or else what `read` answers (then remembered, unless a list
    /// changed meanwhile); nil when `read` answers something else than a page.
    public func page(_ key: ListPageKey, at now: Date, read: () async throws -> [UInt8]?) async throws -> [UInt8]? {
        try await remembered(key, at: now, cost: \.count, read: read)
    }
}

extension ListStore {
    /// Forgets every cached page. Called by each change to lists when it returns (`defer`), that
    /// is after it committed, so a read that raced it cannot keep what it saw before.
    func forgetPages() {
        database.listPages.clear()
    }
}
