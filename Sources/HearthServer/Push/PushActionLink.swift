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
        try box.sealToken(purpose: "push-action", [userId.text, action, String(Int(expiresAt.timeIntervalSince1970))])
    }

    /// The link in `token`, if this server sealed it and it has not expired.
    static func open(_ token: String, with box: SecretBox, now: Date) throws(PushError) -> PushActionLink {
        guard let parts = box.openToken(token, purpose: "push-action"), parts.count == 3, let userId = UUID(uuidString: parts[0]),
              commands[parts[1]] != nil, let seconds = Int(parts[2]), now.timeIntervalSince1970 < TimeInterval(seconds)
        else { throw .invalidAction }
        return PushActionLink(userId: userId, action: parts[1], expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The command, with the label of the person's latest focus session for a new one.
    func command(focusLabel: String?) -> TimerCommand {
        action == "startFocus" ? .startFocus(label: focusLabel) : Self.commands[action]!
    }
}
