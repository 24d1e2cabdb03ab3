import HearthCore
import Testing

@Suite struct ShoppingCategoryTests {
    @Test func eachAisleIsFoundByItsNameAndNothingElseIs() {
        for category in ShoppingCategory.allCases {
            #expect(ShoppingCategory(rawValue: category.rawValue) == category)
        }
        for name in ["", "Produce", "personalCare", "personal care", "other ", "dairy-", "ProduceX"] {
            #expect(ShoppingCategory(rawValue: name) == nil, "\(name)")
        }
    }
}
