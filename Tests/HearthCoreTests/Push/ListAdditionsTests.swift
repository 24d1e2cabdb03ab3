import Foundation
import Testing
@testable import HearthCore

@Suite struct ListAdditionsTests {
    let list = UUID()

    @Test func oneItemIsNamedAndSeveralAreCounted() {
        let one = ListAdditions.notification(listId: list, listName: "Groceries", adders: ["Ada"], added: 1, itemNames: ["Milk"])
        #expect(one.title == "Ada added Milk to Groceries" && one.body.isEmpty && one.url == "/lists/\(list.text)")
        let five = ListAdditions.notification(listId: list, listName: "Groceries", adders: ["Ada", "Grace"], added: 5,
                                              itemNames: ["Milk", "Eggs", "Bread"])
        #expect(five.title == "Ada and Grace added 5 items to Groceries")
        #expect(five.body == "Milk, Eggs, Bread and 2 more.")
        #expect(five.kind == .list && five.tag == "list-\(list.text)" && !five.isTimely)
    }
}
