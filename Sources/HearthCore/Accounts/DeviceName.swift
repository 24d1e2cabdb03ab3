import Foundation

/// What a person calls the device behind a user agent: "Chrome on Android", "Safari on iPhone",
/// "hearth CLI", "curl". Only the common browsers and systems are told apart; anything else is
/// named by its program, and no user agent at all by "Unknown device".
public enum DeviceName {
    public static func describe(userAgent: String?) -> String {
        guard let agent = userAgent?.trimmingCharacters(in: .whitespaces), !agent.isEmpty else { return "Unknown device" }
        if agent.hasPrefix("hearth-cli/") { return "hearth CLI" }
        guard agent.hasPrefix("Mozilla/") else { return program(agent) }
        let browser = self.browser(agent)
        guard let system = system(agent) else { return browser }
        return "\(browser) on \(system)"
    }

    private static func browser(_ agent: String) -> String {
        // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
        let browsers: [(marker: String, name: String)] = [
            ("Edg/", "Edge"), ("EdgiOS/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
            ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chromium/", "Chromium"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ]
        return browsers.first { agent.contains($0.marker) }?.name ?? "A browser"
    }

    private static func system(_ agent: String) -> String? {
        let systems: [(marker: String, name: String)] = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
            ("Windows", "Windows"), ("Macintosh", "Mac"), ("Linux", "Linux"),
        ]
        return systems.first { agent.contains($0.marker) }?.name
    }

    /// "curl/8.5.0" → "curl"; "python-requests/2.31" → "python-requests".
    private static func program(_ agent: String) -> String {
        let name = agent.split(separator: "/", maxSplits: 1).first.map(String.init) ?? agent
        return String(name.split(separator: " ").first?.prefix(40) ?? "Unknown device")
    }
}
