import Foundation
import Hummingbird

/// Short fixed messages shown after a redirect (`?notice=key`). Only known keys are shown, so a link
/// cannot put arbitrary text on a page.
enum Notice: String {
    case saved, passwordChanged = "password-changed", tokenRevoked = "token-revoked", joined, left
    case inviteWithdrawn = "invite-withdrawn", memberRemoved = "member-removed", signedOut = "signed-out", accountDeleted = "account-deleted"
    case sessionDeleted = "session-deleted", timeZoneChanged = "time-zone"
    case listRestored = "list-restored", listPurged = "list-purged", listGone = "list-gone"

    var message: String {
        switch self {
        case .saved: "Saved."
        case .passwordChanged: "Password changed. Your other sessions were signed out."
        case .tokenRevoked: "Token revoked."
        case .joined: "You joined the household."
        case .left: "You left the household and have one of your own again."
        case .inviteWithdrawn: "Invite withdrawn."
        case .memberRemoved: "Member removed. They have a household of their own now; the shared data stays here."
        case .signedOut: "You are signed out."
        case .accountDeleted: "Your account and its data were deleted."
        case .sessionDeleted: "Session deleted."
        case .timeZoneChanged: "Time zone changed: times and “today” now follow this device."
        case .listRestored: "List restored with all its items."
        case .listPurged: "List deleted for good."
        case .listGone: "That list has changed meanwhile; here is how things stand now."
        }
    }

    static func from(_ request: Request) -> String? {
        request.uri.queryParameters["notice"].flatMap { Notice(rawValue: String($0)) }?.message
    }
}

extension Response {
    /// A 303 redirect after a form post, optionally with a notice for the next page.
    static func seeOther(_ path: String, notice: Notice? = nil) -> Response {
        .redirect(to: notice.map { "\(path)\(path.contains("?") ? "&" : "?")notice=\($0.rawValue)" } ?? path, type: .normal)
    }
}
