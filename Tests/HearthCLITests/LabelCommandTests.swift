import Testing
@testable import HearthCLI

@Suite struct LabelCommandTests {
    @Test func takesItemsARoomOrABoxAndOneOfTheStocks() throws {
        let items = try InventoryCommand.Label.parse(["000-001", "kettle", "--layout", "avery-5160", "--start", "4"])
        #expect(items.items == ["000-001", "kettle"] && items.layout == .avery5160 && items.start == 4)
        #expect(try InventoryCommand.Label.parse(["--room", "garage"]).layout == .averyL7160)
        #expect(try InventoryCommand.Label.parse(["--box", "loft box", "--layout", "roll-62mm"]).layout == .roll62mm)
    }

    @Test func refusesNoneOrSeveralKindsOfChoiceAndUnknownStocks() {
        for arguments in [[], ["kettle", "--room", "garage"], ["--room", "garage", "--box", "loft"], ["kettle", "--layout", "a4"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try InventoryCommand.Label.parse(arguments) }
        }
    }
}
