/// How the web app looks for one user.
public struct Appearance: Sendable, Equatable, Codable {
    public var theme: Theme
    public var accent: Accent

    public init(theme: Theme = .system, accent: Accent = .tomato) {
        self.theme = theme
        self.accent = accent
    }
}

/// Colour scheme of the web app.
public enum Theme: String, Sendable, CaseIterable, Codable {
    case system, light, dark
    /// Pure black on white, no animation, large type: for e-ink screens.
    case eink

    /// Name shown in the settings.
    public var title: String {
        switch self {
        case .system: "Follow the system"
        case .light: "Light"
        case .dark: "Dark"
        case .eink: "E-ink"
        }
    }
}

/// Accent colour used for buttons, links and timer rings.
public enum Accent: String, Sendable, CaseIterable, Codable {
    case tomato, ocean, forest, lavender, graphite

    /// Name shown in the settings.
    public var title: String {
        switch self {
        case .tomato: "Tomato"
        case .ocean: "Ocean Blue"
        case .forest: "Forest"
        case .lavender: "Lavender"
        case .graphite: "Graphite"
        }
    }
}
