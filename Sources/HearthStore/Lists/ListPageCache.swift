import Foundation
import HearthCore

/// Pages of lists as ``ListStore/page(listId:householdId:after:limit:)`` last read them, for a few
/// seconds (see ``ReadCache``): a household's phones re-read a list on every change they hear of,
/// and a read of a cached page needs no statement at all. Every change to a list or its items
/// clears it once committed (``ListStore/forgetPages()``); on PostgreSQL, so do the
/// `hearth_lists` notifications of migration 14's triggers.
public typealias ListPageCache = ReadCache<ListPageKey, ListStore.ItemPage>

/// One page of one list, as a member of the household asked for it.
public struct ListPageKey: Hashable, Sendable {
    let listId: UUID
    let householdId: UUID
    let cursor: ListItemCursor?
    let limit: Int
}

extension ListPageCache {
    /// A cache of list pages: 5 seconds; more than 50,000 items in all (some 10 MB) start it over.
    static func pages() -> ListPageCache {
        ListPageCache(lifetime: 5, capacity: 50_000)
    }
}

extension ListStore {
    /// Forgets every cached page. Called by each change to lists when it returns (`defer`), that
    /// is after it committed, so a read that raced it cannot keep what it saw before.
    func forgetPages() {
        database.listPages.clear()
    }
}
