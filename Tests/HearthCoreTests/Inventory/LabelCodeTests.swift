import Foundation
import Testing
@testable import HearthCore

@Suite struct LabelCodeTests {
    let id = UUID(uuidString: "0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11")!

    @Test func aLabelsAddressNamesItsItemWhateverTheServersAddress() {
        for text in ["https://hearth.example.org/inventory/items/0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11",
                     "http://192.168.1.5:8080/inventory/items/0f6f3e2a-5b8b-4c52-9e0b-2b7a1c9d4e11",
                     " https://home.example/hearth/inventory/items/0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11?from=label\n",
                     "/inventory/items/0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11"] {
            #expect(LabelCode.itemId(in: text) == id, "\(text)")
        }
    }

    @Test func otherCodesNameNoItem() {
        for text in ["4006381333931", "https://example.org/products/42", "https://hearth.example.org/inventory/items/new",
                     "https://hearth.example.org/inventory/items/0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11x",
                     "see /inventory/items/0F6F3E2A-5B8B-4C52-9E0B-2B7A1C9D4E11", ""] {
            #expect(LabelCode.itemId(in: text) == nil, "\(text)")
        }
    }
}
