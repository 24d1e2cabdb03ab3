import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Settings → Notifications: this device's subscription (made by the page's script), what is
/// pushed, the devices that receive it, and a test notification.
struct NotificationPages {
    let services: AppServices

    /// The switches as the form posts them: a ticked box is present, an unticked one absent.
    struct SettingsForm: Decodable {
        let pomodoroEnds: String?
        let countdowns: String?
        let rests: String?
        let warranties: String?
        let maintenance: String?
        let listAdditions: String?
        let focusDoNotDisturb: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/notifications", use: show)
        router.post("/settings/notifications", use: save)
        router.post("/settings/notifications/test", use: test)
        router.post("/settings/notifications/devices/{id}/delete", use: delete)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let settings = try await services.push.store.settings(userId: user.id)
        let devices = try await services.push.store.subscriptions(userId: user.id)
        let page = NotificationsPage(
            layout: services.layout("Notifications", .settings, context, notice: Notice.from(request)),
            switches: NotificationsPage.switches(settings),
            devices: devices.map { device in
                .init(id: device.id.text, name: device.name ?? "Unnamed device", service: URL(string: device.endpoint)?.host ?? "",
                      lastPush: device.lastPushAt.map { DisplayFormat.dateTime($0, timeZone: user.timeZone) },
                      problem: device.lastError)
            })
        return try services.renderer.render("notifications", page)
    }

    func save(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: SettingsForm.self, context: context)
        var settings = PushSettings()
        settings.pomodoroEnds = form.pomodoroEnds != nil
        settings.countdowns = form.countdowns != nil
        settings.rests = form.rests != nil
        settings.warranties = form.warranties != nil
        settings.maintenance = form.maintenance != nil
        settings.listAdditions = form.listAdditions != nil
        settings.focusDoNotDisturb = form.focusDoNotDisturb != nil
        try await services.push.store.saveSettings(settings, userId: user.id)
        return .seeOther("/settings/notifications", notice: .saved)
    }

    func test(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let queued = try await services.sendTestPush(to: user)
        return .seeOther("/settings/notifications", notice: queued == 0 ? .noDevices : .testSent)
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.push.store.delete(id: id, userId: user.id) else { throw PushError.notFound }
        return .seeOther("/settings/notifications", notice: .saved)
    }
}

/// The notifications page.
struct NotificationsPage: Sendable {
    struct Switch: Sendable {
        let name: String
        let title: String
        let detail: String
        let on: Bool
    }
    struct Device: Sendable {
        let id: String
        let name: String
        let service: String
        let lastPush: String?
        let problem: String?
    }

    let layout: Layout
    let switches: [Switch]
    let devices: [Device]

    static func switches(_ settings: PushSettings) -> [Switch] {
        [
            Switch(name: "pomodoroEnds", title: "Pomodoro", detail: "A focus session or a break ends, with buttons for the next step",
                   on: settings.pomodoroEnds),
            Switch(name: "countdowns", title: "Countdowns", detail: "A countdown reaches its time; the alarm stays until you stop it",
                   on: settings.countdowns),
            Switch(name: "rests", title: "Gym rests", detail: "A rest ends; Start next rest or End workout from the notification",
                   on: settings.rests),
            Switch(name: "warranties", title: "Warranties", detail: "30 and 7 days before an item's warranty ends", on: settings.warranties),
            Switch(name: "maintenance", title: "Maintenance", detail: "A week before an item's maintenance task is due, and on the day",
                   on: settings.maintenance),
            Switch(name: "listAdditions", title: "Shared lists", detail: "Someone adds items to a list (at most one a list every 10 minutes)",
                   on: settings.listAdditions),
            Switch(name: "focusDoNotDisturb", title: "Do Not Disturb", detail: "Ask to start Do Not Disturb when a focus session starts",
                   on: settings.focusDoNotDisturb),
        ]
    }
}
