import Foundation
import HearthCore

/// A household's maintenance log as a spreadsheet: what was done to which item, when, and what it cost.
public enum MaintenanceCSV {
    public static let header = ["Date", "Item", "Asset ID", "Task", "Cost", "Currency", "Note", "Item id"]

    public struct Row: Sendable {
        public var entry: MaintenanceEntry
        public var itemName: String
        public var assetId: AssetID?

        public init(entry: MaintenanceEntry, itemName: String, assetId: AssetID?) {
            self.entry = entry
            self.itemName = itemName
            self.assetId = assetId
        }
    }

    public static func render(_ rows: [Row]) -> String {
        CSVTable.render(header: header, rows: rows.map { row in
            [row.entry.doneOn.description, row.itemName, row.assetId?.text ?? "", row.entry.title, row.entry.cost?.decimalString ?? "",
             row.entry.cost?.currency ?? "", row.entry.note ?? "", row.entry.itemId.text]
        })
    }
}
