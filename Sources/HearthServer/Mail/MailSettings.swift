import Foundation

/// How Hearth sends mail (password reset links), from `HEARTH_SMTP_URL` and `HEARTH_MAIL_FROM`.
///
/// `smtps://user:password@host:465` speaks TLS from the start; `smtp://host:587` upgrades with
/// STARTTLS, and must be able to (neither a password nor a reset link crosses the network in the
/// clear; only a mail server on this machine itself may go without). User and password are
/// percent-encoded in the URL.
public struct MailSettings: Sendable, Equatable {
    public enum Security: Sendable, Equatable {
        /// TLS from the first byte (`smtps://`, port 465 by default).
        case implicitTLS
        /// STARTTLS, required unless the server is on this machine (`smtp://`).
        case startTLS
    }

    public let host: String
    public let port: Int
    public let security: Security
    public let username: String?
    public let password: String?
    /// The sender: `Hearth <hearth@example.org>` or a bare address.
    public let from: String

    /// Reads the settings; throws a sentence that says what is wrong with them.
    public init(url text: String, from: String?) throws {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw MailSettingsError("HEARTH_SMTP_URL must look like smtp://user:password@mail.example.org:587 or smtps://…:465, not “\(text)”.")
        }
        switch scheme {
        case "smtp": security = .startTLS
        case "smtps": security = .implicitTLS
        default: throw MailSettingsError("HEARTH_SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS), not “\(scheme)://”.")
        }
        self.host = host
        port = url.port ?? (security == .implicitTLS ? 465 : 587)
        username = url.percentEncodedUser?.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
        password = url.percentEncodedPassword?.removingPercentEncoding
        let sender = from?.trimmingCharacters(in: .whitespaces) ?? ""
        let address = MailMessage.address(in: sender.isEmpty ? "hearth@\(host)" : sender)
        guard address.contains("@"), !sender.contains("\r"), !sender.contains("\n") else {
            throw MailSettingsError("HEARTH_MAIL_FROM must be an address such as “Hearth <hearth@example.org>”, not “\(sender)”.")
        }
        self.from = sender.isEmpty ? "Hearth <hearth@\(host)>" : sender
    }

    /// Whether the host is this machine, where a password may go unencrypted.
    var isLoopback: Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
    }
}

/// A setting of ``MailSettings`` that cannot work, with what to write instead.
public struct MailSettingsError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
