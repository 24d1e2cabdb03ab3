import Foundation
import GRDB
import HearthAPI
import HearthCore
import OpenAPIRuntime

/// Keeps a ``Replica`` in step with its server: pushes the outbox (in order, in batches), then
/// pulls the sync feed from the replica's cursor; starts over with a full snapshot when the server
/// says the cursor is too old; and, run as a loop, waits longer after each failure.
public actor SyncEngine {
    public nonisolated let replica: Replica
    nonisolated let client: any APIProtocol

    /// Mutations sent in one push.
    static let pushBatch = 100
    /// Changes asked for in one page of the feed.
    static let pageSize = 1_000

    /// `client` is the API client, signed in (``HearthConnection/client(serverURL:token:transport:)``).
    public init(replica: Replica, client: any APIProtocol) {
        self.replica = replica
        self.client = client
    }

    /// What one round did.
    public struct Round: Sendable, Equatable {
        public var pushed = 0
        public var refused: [Components.Schemas.Problem] = []
        public var pulled = 0
        public var startedOver = false
    }

    /// One round: the outbox pushed, then the feed pulled to its end.
    @discardableResult
    public func sync() async throws -> Round {
        var round = Round()
        try await push(&round)
        try await pull(&round)
        return round
    }

    /// Rounds until cancelled: one every `interval`, and soon after ``poke()``; after a failure the
    /// next waits twice as long as the last (1 s, 2 s… at most 5 minutes).
    public func run(every interval: Duration = .seconds(60)) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await sync()
                failures = 0
            } catch {
                failures += 1
            }
            let wait = failures == 0 ? interval : .seconds(min(300, 1 << min(failures - 1, 9)))
            await waitForPoke(upTo: wait)
        }
    }

    /// Asks a running loop for a round now (after a local edit, or a push notification).
    public func poke() {
        poked?.resume()
        poked = nil
    }

    private var poked: CheckedContinuation<Void, Never>?

    private func waitForPoke(upTo wait: Duration) async {
        await withTaskGroup { group in
            group.addTask { try? await Task.sleep(for: wait) }
            group.addTask { await self.nextPoke() }
            await group.next()
            group.cancelAll()
            self.poke()
        }
    }

    private func nextPoke() async {
        await withCheckedContinuation { poked = $0 }
    }

    // MARK: Push

    private func push(_ round: inout Round) async throws {
        while true {
            let waiting = try replica.database.read { db in
                try Row.fetchAll(db, sql: "SELECT seq, mutation_id, entity, op, id, data FROM outbox ORDER BY seq LIMIT ?", arguments: [Self.pushBatch])
            }
            guard !waiting.isEmpty else { return }
            let mutations = try waiting.map(Self.mutation(from:))
            let sent = waiting.map { (seq: $0["seq"] as Int64, entity: $0["entity"] as String, id: $0["id"] as String) }
            let output = try await client.pushSyncMutations(.init(body: .json(.init(mutations: mutations))))
            guard case .ok(let ok) = output, case .json(let answer) = ok.body else { throw SyncEngineError.refused("push", String(describing: output)) }
            try await replica.database.write { db in
                for ((seq, entity, id), result) in zip(sent, answer.results) {
                    try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [seq])
                    if let change = result.change { try Replica.take(try ServerChange(change), in: db) }
                    // The server has answered for every change of the entity: its word stands.
                    if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE entity = ? AND id = ?", arguments: [entity, id]) == 0 {
                        try db.execute(sql: "DELETE FROM local_entities WHERE entity = ? AND id = ?", arguments: [entity, id])
                    }
                }
            }
            round.pushed += answer.results.count
            round.refused += answer.results.compactMap(\.problem)
        }
    }

    private static func mutation(from row: Row) throws -> Components.Schemas.SyncMutation {
        var data: Components.Schemas.SyncMutation.DataPayload?
        if let json: Data = row["data"] {
            data = .init(additionalProperties: try JSONDecoder().decode(OpenAPIObjectContainer.self, from: json))
        }
        guard let entity = Components.Schemas.SyncMutation.EntityPayload(rawValue: row["entity"]),
              let op = Components.Schemas.SyncOperation(rawValue: row["op"])
        else { throw SyncEngineError.refused("outbox", "an unknown mutation") }
        return .init(mutationId: row["mutation_id"], entity: entity, op: op, id: row["id"], data: data)
    }

    // MARK: Pull

    private func pull(_ round: inout Round) async throws {
        var cursor = try await replica.database.read { db in try Replica.cursor(in: db) }
        while true {
            let output = try await client.getSyncChanges(.init(query: .init(since: cursor, limit: Self.pageSize)))
            switch output {
            case .ok(let ok):
                guard case .json(let page) = ok.body else { throw SyncEngineError.refused("feed", "not JSON") }
                let changes = try page.changes.map(ServerChange.init)
                try await replica.database.write { db in
                    for change in changes { try Replica.take(change, in: db) }
                    try Replica.setCursor(page.cursor, in: db)
                }
                round.pulled += changes.count
                cursor = page.cursor
                if !page.hasMore { return }
            case .gone:
                // The feed cannot go on from the cursor: the server's entities again, from a full snapshot.
                try await replica.database.write { db in
                    try db.execute(sql: "DELETE FROM server_entities")
                    try Replica.setCursor(nil, in: db)
                }
                round.startedOver = true
                cursor = nil
            default:
                throw SyncEngineError.refused("feed", String(describing: output))
            }
        }
    }
}

/// Why a round stopped.
public enum SyncEngineError: Error, Equatable {
    /// The server answered `what` with something other than the sync answer (`answer` says what).
    case refused(String, String)
}

extension ServerChange {
    /// A change of the feed (or of a push's answer), its data as JSON.
    init(_ change: Components.Schemas.SyncChange) throws {
        func make<Data: Encodable>(_ entity: SyncEntity, _ id: String, _ version: Int64, _ data: Data?) throws -> ServerChange {
            ServerChange(entity: entity, id: id, version: version, data: try data.map { try Replica.encoder.encode($0) })
        }
        switch change {
        case .list(let c): self = try make(.list, c.id, c.version, c.data)
        case .listItem(let c): self = try make(.listItem, c.id, c.version, c.data)
        case .inventoryItem(let c): self = try make(.inventoryItem, c.id, c.version, c.data)
        case .room(let c): self = try make(.room, c.id, c.version, c.data)
        case .category(let c): self = try make(.category, c.id, c.version, c.data)
        case .receipt(let c): self = try make(.receipt, c.id, c.version, c.data)
        case .photo(let c): self = try make(.photo, c.id, c.version, c.data)
        case .claim(let c): self = try make(.claim, c.id, c.version, c.data)
        case .focusSettings(let c): self = try make(.focusSettings, c.id, c.version, c.data)
        case .accountSettings(let c): self = try make(.accountSettings, c.id, c.version, c.data)
        case .focusSession(let c): self = try make(.focusSession, c.id, c.version, c.data)
        case .timer(let c): self = try make(.timer, c.id, c.version, c.data)
        }
    }
}
