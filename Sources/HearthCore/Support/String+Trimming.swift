import Foundation

extension StringProtocol {
    /// The text without the characters of `set` (white space of some kind) at either end, as
    /// `trimmingCharacters(in:)` gives it, but without a trip through NSString when neither end has
    /// one: on Linux Foundation's trimming bridges every call, and an import trims a dozen fields a
    /// row. The set is made only when an end is not printable ASCII (which is white space in no
    /// set): on Linux `CharacterSet.whitespaces` builds a new set each time it is named.
    public func trimming(_ set: @autoclosure () -> CharacterSet) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        func printable(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) }
        if printable(first) && printable(last) { return String(self) }
        let set = set()
        return (printable(first) || !set.contains(first)) && (printable(last) || !set.contains(last)) ? String(self) : trimmingCharacters(in: set)
    }
}
