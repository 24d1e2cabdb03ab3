/// Why a sync request was refused. Nothing changes when one is thrown.
public enum SyncError: Error, Equatable, Sendable {
    /// A cursor no server made.
    case invalidCursor
    /// The feed cannot go on from the cursor: it is older than the deletions the feed still keeps,
    /// from another household, or from after the database's newest change (a database restored
    /// from an older copy). The client must start over with a full snapshot.
    case startOver(String)
    case invalidLimit
    case tooManyMutations
    case invalidBaseVersion
    /// The feed carries this entity, but a push cannot change it (its own endpoints do).
    case notPushable(String)
    /// A new list item's data names no list.
    case listIdNeeded

    /// The problem type of ``startOver(_:)``, which a client tells apart from other answers.
    public static let startOverProblemType = "urn:hearth:problem:sync-start-over"

    /// A sentence for the person (or the developer) who caused it.
    public var message: String {
        switch self {
        case .invalidCursor: "The cursor is not one this server made; leave “since” out to start from a full snapshot."
        case .startOver(let reason): "\(reason) Start over: leave “since” out for a full snapshot."
        case .invalidLimit: "The limit must be between 1 and \(SyncRules.maximumPage)."
        case .invalidBaseVersion: "A baseVersion is a version the feed sent: 0 or more."
        case .tooManyMutations: "A push takes at most \(SyncRules.maximumPush) mutations; send the rest in another."
        case .notPushable(let entity): "A push cannot change a \(entity) yet; use its own endpoint."
        case .listIdNeeded: "A new list item's data needs the listId of its list."
        }
    }
}

/// The sync feed's limits.
public enum SyncRules {
    /// Changes a page of the feed holds at most, and by default.
    public static let maximumPage = 1_000
    public static let defaultPage = 500
    /// Mutations a push takes at most.
    public static let maximumPush = 500
    /// A push's results are answered again to a replay for this long.
    public static let mutationsKept: Double = 30 * 86_400
    /// Deletions are kept this long at least; a cursor older than the oldest one forgotten starts over.
    public static let tombstonesKept: Double = 30 * 86_400
}
