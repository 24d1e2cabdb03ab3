import Foundation
import HearthAPI
import HearthCore
import HearthPush

/// Notifications through the API: the same as Settings → Notifications, and the buttons of the
/// notifications themselves.
extension HearthAPIService {
    func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
        _ = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(publicKey: services.push.key.publicKey))))
    }

    func listPushSubscriptions(_ input: Operations.ListPushSubscriptions.Input) async throws -> Operations.ListPushSubscriptions.Output {
        let user = try APIRequest.requireUser()
        let devices = try await services.push.store.subscriptions(userId: user.id)
        return .ok(.init(body: .json(.init(subscriptions: devices.map(Components.Schemas.PushDevice.init)))))
    }

    func createPushSubscription(_ input: Operations.CreatePushSubscription.Input) async throws -> Operations.CreatePushSubscription.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let saved = try await services.subscribe(user, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth,
                                                 name: body.name)
        let device = Components.Schemas.PushDevice(saved.subscription)
        return saved.created ? .created(.init(body: .json(device))) : .ok(.init(body: .json(device)))
    }

    func deletePushSubscription(_ input: Operations.DeletePushSubscription.Input) async throws -> Operations.DeletePushSubscription.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id), try await services.push.store.delete(id: id, userId: user.id) else {
            throw PushError.notFound
        }
        return .noContent
    }

    func sendTestPush(_ input: Operations.SendTestPush.Input) async throws -> Operations.SendTestPush.Output {
        let user = try APIRequest.requireUser()
        return .accepted(.init(body: .json(.init(queued: try await services.sendTestPush(to: user)))))
    }

    func getPushSettings(_ input: Operations.GetPushSettings.Input) async throws -> Operations.GetPushSettings.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(try await services.push.store.settings(userId: user.id)))))
    }

    func putPushSettings(_ input: Operations.PutPushSettings.Input) async throws -> Operations.PutPushSettings.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        var settings = try await services.push.store.settings(userId: user.id)
        if let value = body.pomodoroEnds { settings.pomodoroEnds = value }
        if let value = body.countdowns { settings.countdowns = value }
        if let value = body.rests { settings.rests = value }
        if let value = body.warranties { settings.warranties = value }
        if let value = body.maintenance { settings.maintenance = value }
        if let value = body.listAdditions { settings.listAdditions = value }
        if let value = body.focusDoNotDisturb { settings.focusDoNotDisturb = value }
        try await services.push.store.saveSettings(settings, userId: user.id)
        return .ok(.init(body: .json(.init(settings))))
    }

    func performPushAction(_ input: Operations.PerformPushAction.Input) async throws -> Operations.PerformPushAction.Output {
        let body = switch input.body { case .json(let body): body }
        let link = try PushActionLink.open(body.token, with: services.secrets, now: services.clock.now)
        guard let user = try await services.accounts.user(id: link.userId) else { throw PushError.invalidAction }
        let current = try await services.focus.timer(for: user)
        let timer = try await services.focus.handle(link.command(focusLabel: current.state.focusLabel), for: user)
        return .ok(.init(body: .json(.init(timer.state, settings: timer.settings, now: services.clock.now, timeZone: user.zone))))
    }
}

extension Components.Schemas.PushDevice {
    init(_ device: PushSubscription) {
        self.init(id: device.id.text, name: device.name, pushService: URL(string: device.endpoint)?.host ?? "",
                  createdAt: device.createdAt, lastPushAt: device.lastPushAt, lastStatusCode: device.lastStatusCode,
                  lastError: device.lastError)
    }
}

extension Components.Schemas.PushSettings {
    init(_ settings: HearthCore.PushSettings) {
        self.init(pomodoroEnds: settings.pomodoroEnds, countdowns: settings.countdowns, rests: settings.rests,
                  warranties: settings.warranties, maintenance: settings.maintenance, listAdditions: settings.listAdditions, focusDoNotDisturb: settings.focusDoNotDisturb)
    }
}
