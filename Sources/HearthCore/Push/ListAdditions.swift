import Foundation

/// "Ada added 3 items to Groceries": what a shared list's members are told of additions by others,
/// gathered for ``gathering`` after the first one and told at most once every ``quietPeriod`` a list.
public enum ListAdditions {
    public static let gathering: TimeInterval = 60
    public static let quietPeriod: TimeInterval = 600
    /// How many of the added items a notification names.
    public static let namedItems = 3

    /// The notification for `added` items (the first few by name) added by `adders` (in order of their first addition).
    public static func notification(listId: UUID, listName: String, adders: [String], added: Int, itemNames: [String]) -> PushNotification {
        let who = switch adders.count {
        case 0: "Someone"
        case 1: adders[0]
        case 2: "\(adders[0]) and \(adders[1])"
        default: "\(adders[0]) and \(adders.count - 1) others"
        }
        let what = added == 1 ? (itemNames.first ?? "an item") : "\(added) items"
        var body = itemNames.prefix(namedItems).joined(separator: ", ")
        if added > namedItems { body += " and \(added - namedItems) more" }
        return PushNotification(kind: .list, title: "\(who) added \(what) to \(listName)", body: added == 1 ? "" : body + ".",
                                tag: "list-\(listId.text)", url: "/lists/\(listId.text)")
    }
}
