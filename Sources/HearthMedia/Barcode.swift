/// One code found in a photo.
public struct Barcode: Sendable, Hashable {
    /// The symbology as zbar names it: "EAN-13", "UPC-A", "CODE-128", "QR-Code", ...
    public let symbology: String
    /// The decoded content (digits for EAN/UPC, including the check digit).
    public let text: String

    /// A code value; the reader makes these, tests and callers may too.
    public init(symbology: String, text: String) {
        self.symbology = symbology
        self.text = text
    }
}
