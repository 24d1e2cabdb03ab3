import Foundation
import HearthCore

/// HomeBox's locations as Hearth's rooms: a room is named by its location's whole path.
extension HomeBoxCSV {
    /// A location's parts: "Home / Kitchen / Pantry" is Home, Kitchen, Pantry.
    static func path(_ location: String) -> [String] {
        location.split(separator: "/").map { $0.trimming(.whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// A location row's own path: where it is, then its name.
    static func locationPath(_ row: Row) -> [String] {
        path(row.field("HB.location")) + path(row.field("HB.name"))
    }

    /// The place every location of the file is in, when there is one (a single house): rooms are
    /// named without it ("Home / Office" is the room "Office", as Hearth's own rooms are named).
    /// With two houses, "Cabin / Living Room" and "Home / Living Room" keep their whole paths.
    static func commonRoot(_ paths: [[String]]) -> String? {
        let placed = paths.filter { !$0.isEmpty }
        guard let root = placed.first?.first, placed.contains(where: { $0.count > 1 }),
              placed.allSatisfy({ InventoryRules.key($0[0]) == InventoryRules.key(root) }) else { return nil }
        return root
    }

    /// The room of a location: its whole path, without the file's one house; a path longer than a
    /// room's name may be loses its first parts ("… / Shelf 3" stays findable by its end).
    static func roomName(_ location: String, house: String?) -> String? {
        var parts = path(location)
        if let house, parts.count > 1, InventoryRules.key(parts[0]) == InventoryRules.key(house) { parts.removeFirst() }
        while parts.count > 1 && parts.joined(separator: " / ").count > InventoryRules.maximumGroupNameLength { parts.removeFirst() }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
    }

    /// The rooms of the file's location rows, each once, with the line it was first on; the house
    /// itself is no room (its rooms are named without it).
    static func rooms(_ locations: [Row], house: String?) -> [ImportedRoom] {
        var rooms: [ImportedRoom] = []
        for row in locations {
            let location = locationPath(row)
            if let house, location.count == 1, InventoryRules.key(location[0]) == InventoryRules.key(house) { continue }
            guard let name = roomName(location.joined(separator: " / "), house: house), !rooms.contains(where: { $0.name == name }) else { continue }
            rooms.append(ImportedRoom(line: row.record.line, name: name))
        }
        return rooms
    }
}
