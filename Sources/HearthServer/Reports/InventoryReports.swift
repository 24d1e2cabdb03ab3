import Foundation
import HearthCore
import HearthReports
import HearthStore

/// Makes the full inventory PDF: gathers the household's rooms, items and pictures (making any
/// JPEG not made yet), then draws the pages on a Dispatch thread into a temporary file.
struct InventoryReports: Sendable {
    let inventory: InventoryStore
    let accounts: AccountStore
    let media: MediaLibrary

    struct Options: Sendable {
        /// Rooms to include (nil: all); `includeNoRoom` adds the items without a room.
        var rooms: Set<UUID>?
        var includeNoRoom = true
        var withPhotos = true
        var sort: ItemQuery.Sort = .name
    }

    /// Writes the PDF for `user`'s household; `progress` hears the share done (gathering is the
    /// first tenth). The caller removes the file.
    func pdf(for user: User, options: Options, now: Date, progress: @escaping @Sendable (Double) -> Void) async throws -> URL {
        let today = CalendarDate(now, in: TimeZone(identifier: user.timeZone) ?? .gmt)
        let report = try await gather(householdId: user.householdId, options: options, today: today,
                                      dateText: DisplayFormat.date(now, timeZone: user.timeZone))
        progress(0.1)
        let url = media.temporaryFolder.appendingPathComponent("report-\(UUID().text).pdf")
        do {
            _ = try await Blocking.run { try report.writePDF(to: url.path) { progress(0.1 + 0.9 * $0) } }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    func gather(householdId: UUID, options: Options, today: CalendarDate, dateText: String) async throws -> InventoryReport {
        let household = try await accounts.household(id: householdId)
        let rooms = try await inventory.groups(.room, householdId: householdId)
        let categories = try await inventory.groups(.category, householdId: householdId)
        let categoryNames = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.name) })
        let items = try await inventory.allItems(householdId: householdId, ItemQuery(today: today, sort: options.sort))
        let photos = options.withPhotos ? try await inventory.photosByItem(householdId: householdId) : [:]
        var receiptPictures: [UUID: [InventoryReport.Picture]] = [:]
        if options.withPhotos {
            for receipt in try await inventory.receipts(householdId: householdId, limit: 100_000) {
                guard let image = receipt.image, let url = try? await media.renditionURL(image.sha256, size: .medium) else { continue }
                let caption = "Receipt" + (receipt.vendor.map { " from \($0)" } ?? "") + (receipt.date.map { ", \($0)" } ?? "")
                for itemId in receipt.itemIds { receiptPictures[itemId, default: []].append(.init(file: url, caption: caption)) }
            }
        }
        var entries: [UUID?: [InventoryReport.Entry]] = [:]
        for item in items {
            let included = item.roomId.map { options.rooms?.contains($0) ?? true } ?? options.includeNoRoom
            guard included else { continue }
            let itemPhotos = photos[item.id] ?? []
            var pictures: [InventoryReport.Picture] = []
            for (index, photo) in itemPhotos.enumerated() {
                guard let url = try? await media.renditionURL(photo.sha256, size: .medium) else { continue }
                pictures.append(.init(file: url, caption: "\(item.name): photo \(index + 1) of \(itemPhotos.count)"))
            }
            var thumbnail: URL?
            if let primary = itemPhotos.first { thumbnail = try? await media.renditionURL(primary.sha256, size: .thumb) }
            entries[item.roomId, default: []].append(.init(item: item, categoryName: item.categoryId.flatMap { categoryNames[$0] },
                                                           thumbnail: thumbnail, pictures: pictures + (receiptPictures[item.id] ?? [])))
        }
        var sections = rooms.compactMap { room in entries[room.id].map { InventoryReport.Section(name: room.name, color: room.color, entries: $0) } }
        if let unplaced = entries[nil] { sections.append(.init(name: "No room", entries: unplaced)) }
        let all = sections.flatMap(\.entries)
        var byCategory = categories.compactMap { category -> InventoryReport.Section? in
            let found = all.filter { $0.item.categoryId == category.id }
            return found.isEmpty ? nil : .init(name: category.name, color: category.color, entries: found)
        }
        let uncategorized = all.filter { $0.item.categoryId == nil }
        if !uncategorized.isEmpty { byCategory.append(.init(name: "No category", entries: uncategorized)) }
        var report = InventoryReport(householdName: household?.name ?? "Household", dateText: dateText, sections: sections,
                                     categories: byCategory, withPhotos: options.withPhotos)
        let cutoff = InventorySummary.checkCutoff(today: today)
        let unseen = all.filter { $0.item.lastSeen < cutoff }.count
        let check = try await inventory.checkSettings(householdId: householdId)
        if check.countsInScore { report.unseenScoreZeroBefore = cutoff }
        let last = check.lastChecked.map(InventoryFormat.date) ?? "Not yet"
        report.lastChecked = "\(last) · \(unseen == 0 ? "every item" : "\(unseen) of \(all.count) items not") seen in the last 12 months"
        return report
    }
}
