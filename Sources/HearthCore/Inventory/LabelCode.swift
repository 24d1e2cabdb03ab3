import Foundation

/// What the QR code of a Hearth label holds: the address of the item's page
/// (`https://hearth.example.org/inventory/items/<id>`). A scan finds the item by the id in it, on
/// whichever address the label was printed with (a server moved, a label printed at home).
public enum LabelCode {
    /// The item a label's code names, or nil for any other code (a product's barcode, another site).
    public static func itemId(in text: String) -> UUID? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 2048, let range = trimmed.range(of: "/inventory/items/") else { return nil }
        let rest = trimmed[range.upperBound...]
        let id = rest.prefix { $0.isHexDigit || $0 == "-" }
        let after = rest.dropFirst(id.count)
        guard id.count == 36, after.isEmpty || after.first == "/" || after.first == "?" || after.first == "#" else { return nil }
        // Only a page's address: "https://…" or a path, never a code that merely contains the words.
        let before = trimmed[..<range.lowerBound]
        guard before.isEmpty || before.hasPrefix("http://") || before.hasPrefix("https://") else { return nil }
        return UUID(uuidString: String(id))
    }
}
