import Foundation
import HearthCore
import HearthPush

/// What a notification's button does without the page: a timer command for one person, sealed
/// with the server's key (so it cannot be made or changed elsewhere) and good as long as its push
/// (10 minutes for a timer's). The service worker posts it to `/api/v1/push/actions`; it needs no
/// cookie, as the worker has none of the page's CSRF protection to offer. Within its life it can be
/// sent again; the command is checked against the timer as it is then, like any other.
struct PushActionLink: Equatable {
    /// The buttons a push may carry, by the names the notifications use.
    static let commands: [String: TimerCommand] = [
        "startBreak": .startBreak, "startFocus": .startFocus(label: nil), "skip": .skip, "dismiss": .dismiss,
        "startRest": .startRest(seconds: nil), "endWorkout": .endWorkout,
    ]
    let userId: UUID
    let action: String
    let expiresAt: Date

    func sealed(with box: SecretBox) throws -> String {
        let text = "push-action|\(userId.text)|\(action)|\(Int(expiresAt.timeIntervalSince1970))"
        guard let sealed = Data(base64Encoded: try box.seal(text)) else { throw SecretBox.KeyError("Sealing failed.") }
        return Base64URL.encode(sealed)
    }

    /// The link in `token`, if this server sealed it and it has not expired.
    static func open(_ token: String, with box: SecretBox, now: Date) throws(PushError) -> PushActionLink {
        guard token.count <= 1000, let data = Base64URL.decode(token), let text = try? box.open(data.base64EncodedString())
        else { throw .invalidAction }
        let parts = text.split(separator: "|").map(String.init)
        guard parts.count == 4, parts[0] == "push-action", let userId = UUID(uuidString: parts[1]), commands[parts[2]] != nil,
              let seconds = Int(parts[3]), now.timeIntervalSince1970 < TimeInterval(seconds)
        else { throw .invalidAction }
        return PushActionLink(userId: userId, action: parts[2], expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The command, with the label of the person's latest focus session for a new one.
    func command(focusLabel: String?) -> TimerCommand {
        action == "startFocus" ? .startFocus(label: focusLabel) : Self.commands[action]!
    }
}
