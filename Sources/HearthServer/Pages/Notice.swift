import Foundation
import Hummingbird

/// Short fixed messages shown after a redirect (`?notice=key`). Only known keys are shown, so a link
/// cannot put arbitrary text on a page.
enum Notice: String {
    case saved, passwordChanged = "password-changed", tokenRevoked = "token-revoked", joined, left
    case inviteWithdrawn = "invite-withdrawn", memberRemoved = "member-removed", signedOut = "signed-out", accountDeleted = "account-deleted"
    case sessionDeleted = "session-deleted", historyCleared = "history-cleared", timeZoneChanged = "time-zone"
    case listRestored = "list-restored", listPurged = "list-purged", listGone = "list-gone"
    case itemAdded = "item-added", itemCopied = "item-copied", itemRestored = "item-restored", itemPurged = "item-purged"
    case itemGone = "item-gone", itemsDeleted = "items-deleted", nothingSelected = "nothing-selected", noLineChosen = "no-line-chosen", groupDeleted = "group-deleted"
    case receiptLinked = "receipt-linked", itemsFromReceipt = "items-from-receipt", receiptDeleted = "receipt-deleted"
    case gistConnected = "gist-connected", gistBackedUp = "gist-backed-up", gistDisconnected = "gist-disconnected"
    case backupMade = "backup-made", claimFrozen = "claim-frozen", claimDeleted = "claim-deleted"
    case testSent = "test-sent", noDevices = "no-devices", twoStepOff = "two-step-off"
    case deviceSignedOut = "device-signed-out", othersSignedOut = "others-signed-out", confirmed
    case passwordReset = "password-reset", passkeyAdded = "passkey-added", passkeyRemoved = "passkey-removed"
    case sampleAdded = "sample-added", sampleRemoved = "sample-removed"

    var message: String {
        switch self {
        case .saved: "Saved."
        case .sampleAdded: "Sample data added: four items here and a list under Lists. Try anything; remove it all in one tap when you are done."
        case .sampleRemoved: "The sample data is gone. What you added yourself stays."
        case .testSent: "Test notification sent to your devices. It should appear within a few seconds."
        case .noDevices: "No device gets notifications yet. Enable them on this device first."
        case .passwordChanged: "Password changed. Your other sessions were signed out."
        case .tokenRevoked: "Token revoked."
        case .deviceSignedOut: "Signed out there. A revoked API token stops working at once."
        case .othersSignedOut: "Every other browser is signed out. API tokens stay until you revoke them."
        case .twoStepOff: "Two-step sign-in is off: your password alone signs you in again."
        case .passkeyAdded: "Passkey added. Sign in with it from the sign-in page, on this device (Face ID, a fingerprint or its PIN)."
        case .passkeyRemoved: "Passkey removed: it signs in no more. Remove it from the device's passwords too."
        case .passwordReset: "Your password is changed and every browser was signed out. Sign in with the new one."
        case .confirmed: "Confirmed: for the next 10 minutes this browser may do what cannot be undone."
        case .joined: "You joined the household."
        case .left: "You left the household and have one of your own again."
        case .inviteWithdrawn: "Invite withdrawn."
        case .memberRemoved: "Member removed. They have a household of their own now; the shared data stays here."
        case .signedOut: "You are signed out."
        case .accountDeleted: "Your account and its data were deleted."
        case .sessionDeleted: "Session deleted."
        case .historyCleared: "History cleared. Statistics and streaks count what is left."
        case .timeZoneChanged: "Time zone changed: times and “today” now follow this device."
        case .listRestored: "List restored with all its items."
        case .listPurged: "List deleted for good."
        case .listGone: "That list has changed meanwhile; here is how things stand now."
        case .itemAdded: "Item added. Add photos and a value to make it claim-ready."
        case .itemCopied: "A copy was added: change what differs (the serial number was left empty)."
        case .itemRestored: "Item restored with its photos."
        case .itemPurged: "Item deleted for good."
        case .itemGone: "That item has changed meanwhile; here is how things stand now."
        case .itemsDeleted: "The selected items moved to Recently deleted."
        case .nothingSelected: "Select items first, then choose what to do with them."
        case .noLineChosen: "Tick the receipt's lines to add as items first."
        case .groupDeleted: "Deleted. Its items stay in the inventory."
        case .receiptLinked: "Receipt linked. The item's empty purchase date, place and price were filled from it."
        case .itemsFromReceipt: "Items added from the receipt, with its date, shop and prices."
        case .receiptDeleted: "Receipt deleted. Its items stay."
        case .backupMade: "Backup made. It is the first one in the list below."
        case .gistConnected: "Connected. Your lists are backed up to a secret gist: back them up now, or wait for the schedule."
        case .gistBackedUp: "Backed up: the gist has a new revision."
        case .gistDisconnected: "Disconnected. The gist stays on GitHub; Hearth forgot the token and the passphrase."
        case .claimFrozen: "Claim frozen. It stays as it is now, whatever happens to the items; send the insurer the claim pack."
        case .claimDeleted: "Claim deleted. Its items stay in the inventory."
        }
    }

    static func from(_ request: Request) -> String? {
        request.uri.queryParameters["notice"].flatMap { Notice(rawValue: String($0)) }?.message
    }
}

extension Response {
    /// A 303 redirect after a form post, optionally with a notice for the next page.
    static func seeOther(_ path: String, notice: Notice? = nil) -> Response {
        guard let notice else { return .redirect(to: path, type: .normal) }
        // The notice goes into the query, before any fragment ("/a?notice=saved#rooms").
        let parts = path.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        return .redirect(to: "\(parts[0])\(parts[0].contains("?") ? "&" : "?")notice=\(notice.rawValue)\(fragment)", type: .normal)
    }
}
