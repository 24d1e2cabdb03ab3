import Testing
@testable import HearthMedia

@Suite struct ImageKindTests {
    private func bytes(_ text: String, after prefix: [UInt8] = []) -> [UInt8] {
        prefix + Array(text.utf8)
    }

    @Test func signaturesNameTheFormat() {
        #expect(ImageKind(signature: [0xFF, 0xD8, 0xFF, 0xE1]) == .jpeg)
        #expect(ImageKind(signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageKind(signature: bytes("RIFF\0\0\0\0WEBPVP8 ")) == .webp)
        #expect(ImageKind(signature: bytes("ftypheic", after: [0, 0, 0, 24])) == .heif)
        #expect(ImageKind(signature: bytes("ftypmif1", after: [0, 0, 0, 24])) == .heif)
        #expect(ImageKind(signature: bytes("%PDF-1.7\n")) == .pdf)
        #expect(ImageKind(signature: bytes("\n\n%PDF-1.4\n")) == .pdf)  // readers allow stray leading bytes
    }

    @Test func otherFormatsAreNotImages() {
        #expect(ImageKind(signature: bytes("ftypavif", after: [0, 0, 0, 24])) == nil)
        #expect(ImageKind(signature: bytes("GIF89a")) == nil)
        #expect(ImageKind(signature: bytes("<svg xmlns=")) == nil)
        #expect(ImageKind(signature: [0xFF, 0xD8]) == nil)
        #expect(ImageKind(signature: []) == nil)
    }
}
