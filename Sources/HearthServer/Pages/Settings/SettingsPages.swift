import Foundation
import HearthCore
import Hummingbird

/// Settings: the overview, profile (name, email, time zone, password, account deletion) and appearance.
struct SettingsPages {
    let services: AppServices

    struct ProfileForm: Decodable {
        let name: String
        let email: String
        let time_zone: String
    }

    struct TimeZoneForm: Decodable {
        let time_zone: String
        let next: String?
    }

    struct PasswordForm: Decodable {
        let current_password: String
        let new_password: String
    }

    struct DeleteForm: Decodable {
        let password: String
    }

    struct AppearanceForm: Decodable {
        let theme: String
        let accent: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings", use: overview)
        router.get("/settings/profile", use: showProfile)
        router.post("/settings/profile", use: saveProfile)
        router.post("/settings/time-zone", use: saveTimeZone)
        router.post("/settings/password", use: changePassword)
        router.post("/settings/delete-account", use: deleteAccount)
        router.get("/settings/appearance", use: showAppearance)
        router.post("/settings/appearance", use: saveAppearance)
    }

    func overview(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let household = try await services.accounts.household(id: user.householdId)
        let page = SettingsOverviewPage(layout: services.layout("Settings", .settings, context, notice: Notice.from(request)),
                                        name: user.name, email: user.email, householdName: household?.name ?? "",
                                        theme: user.appearance.theme.title, accent: user.appearance.accent.title)
        return try services.renderer.render("settings", page)
    }

    func showProfile(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        return try renderProfile(context: context, name: user.name, email: user.email, timeZone: user.timeZone,
                                 notice: Notice.from(request))
    }

    func saveProfile(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ProfileForm.self, context: context)
        do {
            try await services.accountService.updateProfile(user, name: form.name, email: form.email, timeZone: form.time_zone)
            return .seeOther("/settings/profile", notice: .saved)
        } catch let error as AccountError {
            return try renderProfile(context: context, name: form.name, email: form.email, timeZone: form.time_zone,
                                     profileError: error.message, status: ProblemDetails.status(of: error))
        }
    }

    /// The offer on every page to follow this device's zone.
    func saveTimeZone(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: TimeZoneForm.self, context: context)
        do {
            try await services.accountService.updateTimeZone(user, form.time_zone)
            // Back to the page the offer was on, unless that page answered a form (its address
            // takes only POST, e.g. a new invite link): then to Focus.
            let next = AccountPages.safeNextPath(form.next)
            let path = String(next.prefix { $0 != "?" })
            let back = services.routes.methods(forPath: path).contains(.get) ? next : "/focus"
            return .seeOther(back, notice: .timeZoneChanged)
        } catch let error as AccountError {
            return try renderProfile(context: context, name: user.name, email: user.email, timeZone: user.timeZone,
                                     profileError: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func changePassword(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: PasswordForm.self, context: context)
        do {
            try await services.accountService.changePassword(for: user, current: form.current_password, new: form.new_password,
                                                              keepingSession: context.sessionHash)
            return .seeOther("/settings/profile", notice: .passwordChanged)
        } catch let error as AccountError {
            return try renderProfile(context: context, name: user.name, email: user.email, timeZone: user.timeZone,
                                     passwordError: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func deleteAccount(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: DeleteForm.self, context: context)
        do {
            try await services.accountService.deleteAccount(user, password: form.password)
            await services.events.endStreams(ofUser: user.id, in: user.householdId)
            var response = Response.seeOther("/login", notice: .accountDeleted)
            response.setCookie(AuthenticationMiddleware.expiredCookie(request: request, secure: services.configuration.secureCookies))
            return response
        } catch let error as AccountError {
            return try renderProfile(context: context, name: user.name, email: user.email, timeZone: user.timeZone,
                                     deleteError: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func showAppearance(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let page = AppearancePage(layout: services.layout("Appearance", .settings, context, notice: Notice.from(request)),
                                  appearance: user.appearance)
        return try services.renderer.render("appearance", page)
    }

    func saveAppearance(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: AppearanceForm.self, context: context)
        guard let theme = Theme(rawValue: form.theme), let accent = Accent(rawValue: form.accent) else {
            throw HTTPError(.unprocessableContent, message: "Choose one of the listed themes and accent colours.")
        }
        try await services.accounts.updateAppearance(userId: user.id, Appearance(theme: theme, accent: accent))
        return .seeOther("/settings/appearance", notice: .saved)
    }

    private func renderProfile(
        context: HearthRequestContext, name: String, email: String, timeZone: String, notice: String? = nil,
        profileError: String? = nil, passwordError: String? = nil, deleteError: String? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let page = ProfilePage(
            layout: services.layout("Profile", .settings, context, notice: notice),
            name: name, email: email, timeZones: ProfilePage.zones(selected: timeZone),
            profileError: profileError, passwordError: passwordError, deleteError: deleteError,
            minimumPasswordLength: AccountRules.minimumPasswordLength
        )
        return try services.renderer.render("profile", page, status: status)
    }
}

/// The settings overview.
struct SettingsOverviewPage: Sendable {
    let layout: Layout
    let name: String
    let email: String
    let householdName: String
    let theme: String
    let accent: String
}

/// Profile, password and account deletion.
struct ProfilePage: Sendable {
    struct Zone: Sendable {
        let id: String
        /// The place without its region ("New York" for America/New_York).
        let place: String
        let selected: Bool
    }
    /// Zones of one region (Africa, America, …) as one group of the menu.
    struct Region: Sendable {
        let name: String
        let zones: [Zone]
    }
    let layout: Layout
    let name: String
    let email: String
    let timeZones: [Region]
    let profileError: String?
    let passwordError: String?
    let deleteError: String?
    let minimumPasswordLength: Int

    /// About 400 zones grouped by region, places sorted by name; zones without a region (UTC,
    /// GMT) come first as "Universal".
    static func zones(selected: String) -> [Region] {
        let known = TimeZone.knownTimeZoneIdentifiers
        let identifiers = known.contains(selected) ? known : known + [selected]
        let grouped = Dictionary(grouping: identifiers) { id in id.contains("/") ? String(id.prefix { $0 != "/" }) : "Universal" }
        return grouped.keys.sorted { ($0 == "Universal" ? "" : $0) < ($1 == "Universal" ? "" : $1) }.map { region in
            let zones = grouped[region, default: []].map { id in
                Zone(id: id, place: region == "Universal" ? id : id.split(separator: "/").dropFirst().joined(separator: " / ")
                    .replacingOccurrences(of: "_", with: " "), selected: id == selected)
            }
            return Region(name: region, zones: zones.sorted { $0.place < $1.place })
        }
    }
}

/// Theme and accent colour choices.
struct AppearancePage: Sendable {
    struct Choice: Sendable {
        let value: String
        let title: String
        let selected: Bool
    }
    let layout: Layout
    let themes: [Choice]
    let accents: [Choice]

    init(layout: Layout, appearance: Appearance) {
        self.layout = layout
        self.themes = Theme.allCases.map { Choice(value: $0.rawValue, title: $0.title, selected: $0 == appearance.theme) }
        self.accents = Accent.allCases.map {
            Choice(value: $0.rawValue, title: $0.title, selected: $0 == appearance.accent)
        }
    }
}
