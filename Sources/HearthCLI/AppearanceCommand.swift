import ArgumentParser
import HearthAPI
import HearthCore

/// `hearth appearance`: the theme and accent colour every page of yours shows, on any device.
struct AppearanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appearance", abstract: "Show or set your theme and accent colour.",
        discussion: """
            hearth appearance                          the theme and accent colour
            hearth appearance --theme dark             themes: \(Theme.allCases.map(\.rawValue).joined(separator: ", "))
            hearth appearance --accent ocean           accents: \(Accent.allCases.map(\.rawValue).joined(separator: ", "))
            """
    )

    @Option(help: "system, light, dark or eink.") var theme: String?
    @Option(help: "tomato, ocean, forest, lavender or graphite.") var accent: String?

    func validate() throws {
        if let theme, Theme(rawValue: theme) == nil {
            throw ValidationError("Unknown theme “\(theme)”: use \(Theme.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let accent, Accent(rawValue: accent) == nil {
            throw ValidationError("Unknown accent “\(accent)”: use \(Accent.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let connection = try APIConnection(try ClientConfiguration.load())
        var appearance: Components.Schemas.Appearance = switch try await connection.call({ try await $0.getAppearance() }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
        if theme != nil || accent != nil {
            if let theme { appearance.theme = .init(rawValue: theme) ?? appearance.theme }
            if let accent { appearance.accent = .init(rawValue: accent) ?? appearance.accent }
            appearance = switch try await connection.call({ try await $0.putAppearance(body: .json(appearance)) }) {
            case .ok(let ok): try ok.body.json
            case let other: throw CLIError(unexpected: other)
            }
        }
        let theme = Theme(rawValue: appearance.theme.rawValue)?.title ?? appearance.theme.rawValue
        let accent = Accent(rawValue: appearance.accent.rawValue)?.title ?? appearance.accent.rawValue
        print("Theme: \(theme)\nAccent colour: \(accent)")
    }
}
