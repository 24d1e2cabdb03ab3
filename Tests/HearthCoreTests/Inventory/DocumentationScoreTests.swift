import HearthCore
import Testing

@Suite struct DocumentationScoreTests {
    /// The seed's weights, written out here on their own so the rule is checked against the text, not against itself.
    static let weights: [DocumentationField: Int] = [.photo: 30, .value: 25, .room: 15, .category: 10, .receipt: 10, .serialNumber: 10]

    /// Every combination of the six fields: 64 cases.
    static let combinations: [Set<DocumentationField>] = (0..<64).map { mask in
        Set(DocumentationField.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
    }

    @Test(arguments: combinations)
    func scoreIsTheSumOfTheWeightsPresent(present: Set<DocumentationField>) {
        let documentation = Documentation(present: present)
        #expect(documentation.score == present.reduce(0) { $0 + Self.weights[$1]! })
    }

    @Test(arguments: combinations)
    func documentedWhenPhotoValueRoomAndCategoryAreThere(present: Set<DocumentationField>) {
        let core: Set<DocumentationField> = [.photo, .value, .room, .category]
        #expect(Documentation(present: present).isDocumented == core.isSubset(of: present))
    }

    @Test(arguments: combinations)
    func missingListsTheAbsentFieldsHeaviestFirst(present: Set<DocumentationField>) {
        let missing = Documentation(present: present).missing
        #expect(Set(missing) == Set(DocumentationField.allCases).subtracting(present))
        #expect(missing.map { Self.weights[$0]! } == missing.map { Self.weights[$0]! }.sorted(by: >))
    }

    @Test func weightsAddUpToOneHundred() {
        #expect(DocumentationField.allCases.reduce(0) { $0 + $1.weight } == 100)
    }

    @Test func anItemsFactsDecideItsDocumentation() {
        var item = InventoryItem(id: .init(), householdId: .init(), name: "TV", createdAt: .now, updatedAt: .now)
        #expect(item.documentation.score == 0)
        item.photoCount = 2
        item.purchasePrice = Money(amount: 89_900, currency: "USD")
        item.roomId = .init()
        item.categoryId = .init()
        #expect(item.documentation.score == 80)
        #expect(item.documentation.isDocumented)
        item.receiptCount = 1
        item.serialNumber = "SN1"
        #expect(item.documentation.score == 100)
        #expect(item.documentation.missing.isEmpty)
    }

    @Test func valueAtRiskIsValueTimesTheMissingShare() {
        var item = InventoryItem(id: .init(), householdId: .init(), name: "Sofa", quantity: 2,
                                 purchasePrice: Money(amount: 100_000, currency: "EUR"), createdAt: .now, updatedAt: .now)
        // Value 2 × 1,000.00 = 2,000.00; score 25 (value only): 75 % at risk.
        #expect(FixNext.valueAtRisk(of: item) == Money(amount: 150_000, currency: "EUR"))
        item.replacementValue = Money(amount: 1_234, currency: "EUR")
        #expect(FixNext.valueAtRisk(of: item) == Money(amount: 1_851, currency: "EUR"))
        item.purchasePrice = nil
        item.replacementValue = nil
        #expect(FixNext.valueAtRisk(of: item) == nil)
    }
}
