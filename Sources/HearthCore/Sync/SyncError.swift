/// Why a sync request was refused. Nothing changes when one is thrown.
public enum SyncError: Error, Equatable, Sendable {
    /// A cursor no server made.
    case invalidCursor
    /// The feed cannot go on from the cursor: it is older than the deletions the feed still keeps,
    /// from another household, or from after the database's newest change (a database restored
    /// from an older copy). The client must start over with a full snapshot.
    case startOver(String)
    case invalidLimit

    /// The problem type of ``startOver(_:)``, which a client tells apart from other answers.
    public static let startOverProblemType = "urn:hearth:problem:sync-start-over"

    /// A sentence for the person (or the developer) who caused it.
    public var message: String {
        switch self {
        case .invalidCursor: "The cursor is not one this server made; leave “since” out to start from a full snapshot."
        case .startOver(let reason): "\(reason) Start over: leave “since” out for a full snapshot."
        case .invalidLimit: "The limit must be between 1 and \(SyncRules.maximumPage)."
        }
    }
}

/// The sync feed's limits.
public enum SyncRules {
    /// Changes a page of the feed holds at most, and by default.
    public static let maximumPage = 1_000
    public static let defaultPage = 500
    /// Deletions are kept this long at least; a cursor older than the oldest one forgotten starts over.
    public static let tombstonesKept: Double = 30 * 86_400
}
