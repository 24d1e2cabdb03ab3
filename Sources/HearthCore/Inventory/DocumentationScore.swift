/// What an insurer asks for, field by field. The rule is the seed app's, exactly: a photo counts
/// 30 %, a value 25 %, a room 15 %, a category 10 %, a receipt 10 % and a serial number 10 %; an item
/// is *documented* when it has a photo, a value, a room and a category.
public enum DocumentationField: String, Sendable, CaseIterable, Codable {
    case photo, value, room, category, receipt, serialNumber

    /// The share of the score this field is worth, in percent. The weights add up to 100.
    public var weight: Int {
        switch self {
        case .photo: 30
        case .value: 25
        case .room: 15
        case .category: 10
        case .receipt: 10
        case .serialNumber: 10
        }
    }

    /// Whether an item needs this field to count as documented.
    public var isCore: Bool {
        switch self {
        case .photo, .value, .room, .category: true
        case .receipt, .serialNumber: false
        }
    }

    /// The action that adds it, as the item page offers it ("Add a receipt").
    /// "photo", "serial number": for lists in sentences ("Missing: photo, value").
    public var noun: String {
        switch self {
        case .photo: "photo"
        case .value: "value"
        case .room: "room"
        case .category: "category"
        case .receipt: "receipt"
        case .serialNumber: "serial number"
        }
    }

    public var action: String {
        switch self {
        case .photo: "Add a photo"
        case .value: "Add a value"
        case .room: "Choose a room"
        case .category: "Choose a category"
        case .receipt: "Add a receipt"
        case .serialNumber: "Add the serial number"
        }
    }
}

/// The documentation of one item: which fields it has, its score and what is missing.
public struct Documentation: Sendable, Equatable {
    /// The fields the item has.
    public let present: Set<DocumentationField>

    public init(present: Set<DocumentationField>) {
        self.present = present
    }

    public init(hasPhoto: Bool, hasValue: Bool, hasRoom: Bool, hasCategory: Bool, hasReceipt: Bool, hasSerialNumber: Bool) {
        let flags: [(DocumentationField, Bool)] = [(.photo, hasPhoto), (.value, hasValue), (.room, hasRoom), (.category, hasCategory),
                                                   (.receipt, hasReceipt), (.serialNumber, hasSerialNumber)]
        self.init(present: Set(flags.filter(\.1).map(\.0)))
    }

    /// 0…100: the weights of the fields present.
    public var score: Int { present.reduce(0) { $0 + $1.weight } }

    /// Photo, value, room and category are all there.
    public var isDocumented: Bool { DocumentationField.allCases.filter(\.isCore).allSatisfy(present.contains) }

    /// The fields still missing, the heaviest first (photo, value, room, category, receipt, serial number).
    public var missing: [DocumentationField] { DocumentationField.allCases.filter { !present.contains($0) } }
}
