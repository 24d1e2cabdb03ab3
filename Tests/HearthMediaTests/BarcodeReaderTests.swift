import Testing
@testable import HearthMedia

@Suite struct BarcodeReaderTests {
    let reader = BarcodeReader(processor: ImageProcessor())

    @Test(arguments: [
        ("ean13.png", "EAN-13", "5901234123457"),
        ("upca.png", "UPC-A", "036000291452"),
        ("code128.png", "CODE-128", "HEARTH-0042"),
        ("qr.png", "QR-Code", "https://hearth.example/items/42"),
        ("ean13-photo.jpg", "EAN-13", "4006381333931"),  // tilted, blurred, noisy, on a table
        ("qr-photo.jpg", "QR-Code", "HEARTH ITEM 7"),
    ])
    func readsEachCode(name: String, symbology: String, text: String) async throws {
        let codes = try await reader.codes(inImageAt: Fixture.path(name))
        #expect(codes == [Barcode(symbology: symbology, text: text)])
    }

    @Test func photoWithoutCodesGivesNone() async throws {
        #expect(try await reader.codes(inImageAt: Fixture.path("rotated-gps.jpg")) == [])
    }

    @Test func textFileIsNotAnImage() async throws {
        await #expect(throws: MediaError.notAnImage) {
            try await reader.codes(inImageAt: Fixture.path("photo.jpg"))
        }
    }
}
