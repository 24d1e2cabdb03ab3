import Foundation
import HearthCore
import HearthMedia
import Hummingbird
import OpenAPIRuntime

/// The one place where errors become HTTP statuses and messages a person can act on,
/// for HTML error pages and RFC 9457 problem details alike.
struct ProblemDetails: Codable, Sendable, Equatable {
    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String

    /// Headers the answer carries beside the body (`Retry-After`, `Allow`).
    var headers = HTTPFields()

    enum CodingKeys: String, CodingKey { case type, title, status, detail }

    init(status: HTTPResponse.Status, detail: String, headers: HTTPFields = [:]) {
        self.title = status.reasonPhrase
        self.status = status.code
        self.detail = detail
        self.headers = headers
    }

    /// Maps any error thrown by a handler. Unknown errors become a 500 without internals.
    init(_ error: any Error) {
        switch error {
        case let error as AccountError:
            self.init(status: Self.status(of: error), detail: error.message)
            switch error {
            case .tooManyAttempts(let seconds), .tooManyRegistrations(let seconds): headers[.retryAfter] = String(seconds)
            case .codeNeeded: type = AccountError.codeNeededProblemType
            case .confirmationNeeded: type = AccountError.confirmationNeededProblemType
            case .inventoryLocked: type = AccountError.inventoryLockedProblemType
            default: break
            }
        case let error as PasskeyError:
            let status: HTTPResponse.Status = switch error {
            case .notAdded, .notConfirmed, .browserOnly: .forbidden
            case .notAccepted: .unauthorized
            case .invalidName: .unprocessableContent
            case .notFound: .notFound
            }
            self.init(status: status, detail: error.message)
        case let error as ListError:
            self.init(status: Self.status(of: error), detail: error.message)
        case let error as SyncError:
            switch error {
            case .startOver:
                self.init(status: .gone, detail: error.message)
                type = SyncError.startOverProblemType
            case .invalidCursor, .invalidLimit, .tooManyMutations, .invalidBaseVersion: self.init(status: .badRequest, detail: error.message)
            case .notPushable, .listIdNeeded: self.init(status: .unprocessableContent, detail: error.message)
            }
        case let error as WebhookError:
            self.init(status: error == .notFound ? .notFound : error == .idConflict ? .conflict : .unprocessableContent, detail: error.message)
        case let error as FocusError:
            self.init(status: Self.status(of: error), detail: error.message)
        case let error as PushError:
            self.init(status: error == .notFound ? .notFound : error == .invalidAction ? .forbidden : .unprocessableContent,
                      detail: error.message)
        case let error as InventoryError:
            self.init(status: Self.status(of: error), detail: error.message)
        case let error as MediaError:
            self.init(status: Self.status(of: error), detail: error.message)
        case let error as BackupError:
            self.init(status: Self.status(of: error), detail: error.message)
        case let error as GistBackupError:
            self.init(status: error.status, detail: error.message)
            if case .rateLimited(let until) = error { headers[.retryAfter] = String(max(1, Int(until.timeIntervalSinceNow.rounded(.up)))) }
        case HTTPErrorMessage.badRequest(let message):
            self.init(status: .badRequest, detail: message)
        case let error as ServerError:
            // OpenAPI wraps what the handler or the request decoding threw.
            if error.underlyingError is DecodingError || Self.isOpenAPIRuntimeError(error.underlyingError) {
                self.init(status: .badRequest, detail: "The request is not valid: \(Self.describe(error.underlyingError))")
            } else {
                self.init(error.underlyingError)
            }
        case let error as DecodingError:
            self.init(status: .badRequest, detail: "The request body is not valid: \(Self.describe(error))")
        case let error as HTTPError:
            self.init(status: error.status, detail: error.body ?? Self.defaultDetail(error.status), headers: error.headers)
        case let error as any HTTPResponseError:
            self.init(status: error.status, detail: Self.defaultDetail(error.status))
        default:
            self.init(status: .internalServerError, detail: Self.defaultDetail(.internalServerError))
        }
    }

    var httpStatus: HTTPResponse.Status { .init(code: status) }

    static func status(of error: AccountError) -> HTTPResponse.Status {
        switch error {
        case .invalidName, .invalidEmail, .passwordTooShort, .passwordTooLong, .passwordHasControlCharacter, .invalidTimeZone,
             .invalidTokenName, .invalidInventoryLock:
            .unprocessableContent
        case .emailTaken, .alreadyMember, .lastMemberCannotLeave, .cannotRemoveYourself, .twoStepAlreadyOn, .twoStepNotSetUp,
             .mailUnavailable: .conflict
        case .wrongCredentials, .unauthenticated, .invalidToken, .wrongCode, .codeNeeded, .signInExpired: .unauthorized
        case .wrongPassword, .registrationClosed, .passwordSignInOff, .onlyTheOwnerCanRemove, .confirmationWrong, .setupCodeWrong,
             .confirmationNeeded, .inventoryLocked: .forbidden
        case .inviteNotFound, .notFound, .resetLinkInvalid, .deviceSignInGone: .notFound
        case .inviteExpired, .inviteUsed: .gone
        case .tooManyAttempts, .tooManyRegistrations: .tooManyRequests
        }
    }

    static func status(of error: ListError) -> HTTPResponse.Status {
        switch error {
        case .invalidName, .invalidEmoji, .invalidNote, .invalidQuantity, .invalidPosition, .repeatedAisle: .unprocessableContent
        case .listNotFound, .itemNotFound, .storeNotFound: .notFound
        case .listDeleted: .gone
        case .idConflict, .changedSince, .tooManyStores: .conflict
        }
    }

    static func status(of error: InventoryError) -> HTTPResponse.Status {
        switch error {
        case .invalidText, .invalidQuantity, .invalidMoney, .unknownCurrency, .invalidWarranty, .implausiblePurchaseDate, .warrantyNeedsPurchaseDate, .tooManyTags,
             .invalidIcon, .invalidColor, .containerLoop, .invalidPosition, .tooManyPhotos, .tooManyDocuments, .invalidSelection, .invalidLabels, .invalidDepreciation, .invalidMaintenance, .invalidReceiptLine, .invalidClaimItems, .claimQuantityTooLarge,
             .invalidOutcome:
            .unprocessableContent
        case .itemNotFound, .groupNotFound, .containerNotFound, .photoNotFound, .documentNotFound, .receiptNotFound, .claimNotFound, .maintenanceNotFound: .notFound
        case .itemDeleted: .gone
        case .groupNameTaken, .idConflict, .changedSince, .claimFrozen, .claimNotFrozen, .receiptNotConfirmed: .conflict
        case .invalidCursor, .invalidSearch: .badRequest
        }
    }

    static func status(of error: MediaError) -> HTTPResponse.Status {
        switch error {
        case .notAnImage: .unsupportedMediaType
        case .unreadable, .tooManyPixels, .tooComplex: .unprocessableContent
        case .failed: .internalServerError
        }
    }

    static func status(of error: BackupError) -> HTTPResponse.Status {
        switch error {
        case .notABackup: .unsupportedMediaType
        case .tooLarge: .contentTooLarge
        case .unsupportedFormat, .checksumMismatch, .unsafePath, .invalidRecord, .invalidKeepCount, .passphraseNeeded, .wrongPassphrase,
             .damagedEncryption, .weakPassphrase: .unprocessableContent
        }
    }

    static func status(of error: FocusError) -> HTTPResponse.Status {
        switch error {
        case .notAllowed: .conflict
        case .invalidSetting, .invalidTarget, .invalidDuration, .invalidLabel: .unprocessableContent
        case .sessionNotFound: .notFound
        }
    }

    /// OpenAPI's runtime errors (bad JSON, a malformed multipart body, a missing body, a wrong
    /// content type) are internal types; they are recognised by their module so a malformed request is
    /// reported as the client's mistake. A function of the existential, not an extension of `Error`:
    /// there `type(of: self)` of an `any Error` is the protocol, and nothing matched (found by
    /// fuzzing the upload endpoints, 2026-11).
    static func isOpenAPIRuntimeError(_ error: any Error) -> Bool {
        String(reflecting: Swift.type(of: error)).hasPrefix("OpenAPIRuntime.")
    }

    static func defaultDetail(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is nothing at this address."
        case .methodNotAllowed: "This address does not accept that method."
        case .contentTooLarge: "The request is too large."
        case .internalServerError: "Something went wrong on the server. It has been logged; try again."
        default: status.reasonPhrase
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "“\(key.stringValue)” is missing."
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "“\(context.codingPath.map(\.stringValue).joined(separator: "."))” has the wrong type."
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: String(describing: error)
        }
    }
}
