/// The state an item is in, as insurers' contents forms ask for it.
public enum ItemCondition: String, Sendable, CaseIterable, Codable {
    case new, likeNew, good, fair, poor

    /// For people: "Like new".
    public var title: String {
        switch self {
        case .new: "New"
        case .likeNew: "Like new"
        case .good: "Good"
        case .fair: "Fair"
        case .poor: "Poor"
        }
    }
}
