import Foundation

extension StringProtocol {
    /// The text without the characters of `set` (white space of some kind) at either end, as
    /// `trimmingCharacters(in:)` gives it, but without a trip through NSString when neither end has
    /// one: on Linux Foundation's trimming bridges every call, and an import trims a dozen fields a row.
    public func trimming(_ set: CharacterSet) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        // Printable ASCII is white space in no set; CharacterSet.contains is slow too.
        func kept(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) || !set.contains(scalar) }
        return kept(first) && kept(last) ? String(self) : trimmingCharacters(in: set)
    }
}
