import Testing
import HearthCore

@Suite struct HexTests {
    @Test func everyByteIsTwoLowerCaseDigits() {
        #expect([UInt8]().hexString == "")
        #expect([0x00, 0x0f, 0xab, 0xff].hexString == "000fabff")
        #expect((0...255).map(UInt8.init).hexString.count == 512)
    }
}
