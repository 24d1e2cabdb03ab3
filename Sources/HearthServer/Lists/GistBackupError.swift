import Foundation
import HTTPTypes

/// Why the lists' Gist backup could not do what was asked. Nothing changes when one is thrown.
enum GistBackupError: Error, Equatable, Sendable {
    /// The account has not connected a Gist backup in this household.
    case notConnected
    /// GitHub refused the token (revoked, expired, or without the gist scope): its reason.
    case tokenRefused(String)
    /// GitHub asked to wait (a rate limit) until then.
    case rateLimited(until: Date)
    /// There is no such gist, or no such revision of it.
    case gistMissing
    /// GitHub could not be reached, or Hearth does not send there.
    case unreachable(String)
    /// GitHub refused or answered something unexpected: what it said.
    case github(String)
    /// A revision whose files are no lists backup Hearth can read.
    case unreadable(String)

    var message: String {
        switch self {
        case .notConnected: "No Gist backup is connected for your lists: connect one with a GitHub token first."
        case .tokenRefused(let reason):
            "GitHub refused the token (\(reason)). Make a new one with the gist scope and connect again; no backup is made until then."
        case .rateLimited(let until):
            "GitHub asks to wait until \(until.formatted(.iso8601)) (its rate limit); the backup is tried again then."
        case .gistMissing: "There is no such gist or revision on GitHub: it may have been deleted."
        case .unreachable(let reason): "GitHub cannot be reached: \(reason)."
        case .github(let message): message
        case .unreadable(let reason): "This revision cannot be restored: \(reason) Nothing was changed."
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .notConnected, .gistMissing: .notFound
        case .tokenRefused, .unreadable: .unprocessableContent
        case .rateLimited: .tooManyRequests
        case .unreachable, .github: .badGateway
        }
    }
}
