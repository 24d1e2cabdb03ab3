import Foundation
import HearthAPI
import HearthCore
@testable import HearthKit
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthServer

/// HearthKit against a live server (a socket, the generated client, URLSession): two devices of
/// one account, both offline, both change the same list, items and inventory, then sync; both end
/// as the server's REST endpoints answer, with no duplicate and the later check standing.
@Suite struct HearthKitSyncTests {
    @Test(arguments: Keeping.available)
    func twoDevicesOfflineEndIdenticalToTheServer(keeping: Keeping) async throws {
        try await withLiveServer(keeping) { url in
            let token = try await Self.account(at: url)
            let phone = SyncEngine(replica: try Replica(), client: HearthConnection.client(serverURL: url, token: token.phone))
            let tablet = SyncEngine(replica: try Replica(), client: HearthConnection.client(serverURL: url, token: token.tablet))

            // What both have: a list with milk and bread, and a lamp.
            let list = try phone.replica.createList(named: "Groceries")
            let milk = try phone.replica.addItem(named: "Milk", toList: list)
            let bread = try phone.replica.addItem(named: "Bread", toList: list)
            let lamp = try phone.replica.createInventoryItem(named: "Lamp")
            try await phone.sync()
            try await tablet.sync()
            #expect(try tablet.replica.items(onList: list).map(\.name).sorted() == ["Bread", "Milk"])

            // Offline, the tablet first: it unchecks milk (not checked yet), adds eggs, deletes bread
            // and counts three lamps…
            try tablet.replica.setPurchased(false, item: milk)
            try tablet.replica.addItem(named: "Eggs", quantity: "6", toList: list)
            try tablet.replica.deleteItem(bread)
            try tablet.replica.updateInventoryItem(lamp, ["quantity": 3])
            // …then the phone checks milk, adds eggs too, renames the list and names the lamp's brand.
            try await Task.sleep(for: .milliseconds(5))
            try phone.replica.setPurchased(true, item: milk)
            try phone.replica.addItem(named: "Eggs", quantity: "6", toList: list)
            try phone.replica.renameList(list, to: "Weekly")
            try phone.replica.updateInventoryItem(lamp, ["brand": "Acme"])
            #expect(try phone.replica.pendingCount() == 4 && tablet.replica.pendingCount() == 4)

            // The phone syncs first. The tablet's older uncheck arrives later and does not undo the
            // check; its edit of the lamp, older than the phone's, is refused as REST refuses it.
            try await phone.sync()
            let refused = try await tablet.sync().refused
            try await phone.sync()
            #expect(refused.map(\.status) == [409] && refused.first?.detail.contains("Lamp") == true)
            #expect(try phone.replica.pendingCount() == 0 && tablet.replica.pendingCount() == 0)

            let server = HearthConnection.client(serverURL: url, token: token.phone)
            guard case .ok(let answer) = try await server.getList(.init(path: .init(id: list))), case .json(let document) = answer.body else {
                Issue.record("GET /lists/{id} failed")
                return
            }
            let serverItems = Set(document.items ?? [])
            for device in [phone, tablet] {
                #expect(Set(try device.replica.items(onList: list)) == serverItems)
                #expect(try device.replica.lists().map(\.name) == ["Weekly"])
                let lamps = try device.replica.all(.inventoryItem, as: Components.Schemas.InventoryItem.self)
                #expect(lamps.map(\.id) == [lamp] && lamps.first?.brand == "Acme" && lamps.first?.quantity == 1)
            }
            // One line of eggs (the second added its quantity), milk checked, bread gone.
            #expect(serverItems.map(\.name).sorted() == ["Eggs", "Milk"])
            #expect(serverItems.first { $0.name == "Eggs" }?.quantity == "12")
            #expect(serverItems.first { $0.name == "Milk" }?.purchased == true)
        }
    }

    @Test func aDeviceStartsOverWhenTheFeedCannotGoOnAndDropsWhatTheServerRefused() async throws {
        try await withLiveServer(.inMemory) { url in
            let ada = try await Self.account(at: url), eve = try await Self.account(at: url)
            let phone = SyncEngine(replica: try Replica(), client: HearthConnection.client(serverURL: url, token: ada.phone))
            let stranger = SyncEngine(replica: try Replica(), client: HearthConnection.client(serverURL: url, token: eve.phone))
            let list = try phone.replica.createList(named: "Groceries")
            try phone.replica.addItem(named: "Milk", toList: list)
            try await phone.sync()
            try await stranger.sync()

            // A cursor the feed cannot go on from (here another household's): a full snapshot again.
            let foreign = try await stranger.replica.database.read { db in try Replica.cursor(in: db) }
            try await phone.replica.database.write { db in try Replica.setCursor(foreign, in: db) }
            let round = try await phone.sync()
            #expect(round.startedOver && round.pulled > 0)
            #expect(try phone.replica.items(onList: list).map(\.name) == ["Milk"])

            // A change the server refuses shows until it is answered, then the server's stands.
            try phone.replica.renameList(list, to: " ")
            #expect(try phone.replica.lists().map(\.name) == [" "])
            #expect(try await phone.sync().refused.map(\.status) == [422])
            #expect(try phone.replica.lists().map(\.name) == ["Groceries"])
        }
    }

    /// An account, and an API token for each of its two devices.
    static func account(at url: URL) async throws -> (phone: String, tablet: String) {
        let client = HearthConnection.client(serverURL: url, token: "")
        let email = "kit-\(UUID().text.prefix(8))@example.org", password = "correct horse battery"
        _ = try await client.register(.init(body: .json(.init(name: "Ada", email: email, password: password))))
        func token(_ name: String) async throws -> String {
            guard case .created(let created) = try await client.createToken(.init(body: .json(.init(email: email, password: password, name: name)))),
                  case .json(let body) = created.body
            else { throw HTTPError(.internalServerError) }
            return body.token
        }
        return (try await token("Phone"), try await token("Tablet"))
    }
}

/// Runs `body` with the address of a live server (a socket on this machine): on in-memory SQLite,
/// or on a fresh PostgreSQL database.
func withLiveServer(_ keeping: Keeping, _ body: @escaping @Sendable (URL) async throws -> Void) async throws {
    func run(_ configuration: AppConfiguration) async throws {
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in try await body(URL(string: "http://127.0.0.1:\(client.port!)")!) }
    }
    switch keeping {
    case .inMemory: try await run(.testing())
    case .inDatabase:
        try await withPostgresDatabase { url in
            var configuration = AppConfiguration.testing()
            configuration.databaseURL = url
            configuration.inMemoryDatabase = false
            try await run(configuration)
        }
    }
}
