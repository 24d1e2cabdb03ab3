import Foundation

/// Where a client is in its household's feed: the last version it has and, while it reads a
/// full snapshot, the household's version when the snapshot began (deletions up to it are left
/// out: the client never had what they delete). 0 when it is not reading a snapshot.
public struct SyncPosition: Sendable, Equatable {
    public let version: Int64
    public let snapshotThrough: Int64

    public init(version: Int64, snapshotThrough: Int64 = 0) {
        self.version = version
        self.snapshotThrough = version < snapshotThrough ? snapshotThrough : 0
    }
}

/// A position in one household's feed, sent as opaque text (`1.<household>.<version>.<snapshot>`
/// in base64url), so clients keep it and never read it.
public struct SyncCursor: Sendable, Equatable {
    public let householdId: UUID
    public let position: SyncPosition

    public init(householdId: UUID, position: SyncPosition) {
        self.householdId = householdId
        self.position = position
    }

    public var text: String {
        Data("1.\(householdId.uuidString).\(position.version).\(position.snapshotThrough)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The cursor `text` stands for; nil for text no server made.
    public init?(text: String) {
        guard text.count <= 120 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else { return nil }
        let parts = decoded.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "1", let household = UUID(uuidString: String(parts[1])),
              let version = Int64(parts[2]), version >= 0, let snapshot = Int64(parts[3]), snapshot >= 0
        else { return nil }
        self.init(householdId: household, position: SyncPosition(version: version, snapshotThrough: snapshot))
    }
}
