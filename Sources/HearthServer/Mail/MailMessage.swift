import Foundation

/// A plain-text mail, as sent: headers in ASCII (a non-ASCII subject or name encoded as RFC 2047
/// words), the UTF-8 body in base64, so that no line of it can end the message early.
struct MailMessage: Sendable, Equatable {
    let from: String
    let to: String
    let subject: String
    let body: String

    /// The address inside `Name <address>`, or the text itself.
    static func address(in mailbox: String) -> String {
        guard let open = mailbox.lastIndex(of: "<"), let close = mailbox.lastIndex(of: ">"), open < close else {
            return mailbox.trimmingCharacters(in: .whitespaces)
        }
        return String(mailbox[mailbox.index(after: open)..<close])
    }

    /// The whole message with CRLF line ends, as DATA sends it (without the final dot).
    func rendered(date: Date, messageID: String) -> String {
        let body = Data(body.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return [
            "From: \(Self.encodedMailbox(from))",
            "To: \(to)",
            "Subject: \(Self.encodedWord(subject))",
            "Date: \(Self.rfc5322(date))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            body,
        ].joined(separator: "\r\n") + "\r\n"
    }

    /// `text` as is when it is printable ASCII, else one RFC 2047 encoded word.
    static func encodedWord(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        return "=?utf-8?B?\(Data(text.utf8).base64EncodedString())?="
    }

    /// `Name <address>` with the name encoded when it needs to be.
    static func encodedMailbox(_ mailbox: String) -> String {
        guard let open = mailbox.lastIndex(of: "<") else { return mailbox }
        let name = mailbox[..<open].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "<\(address(in: mailbox))>" : "\(encodedWord(name)) <\(address(in: mailbox))>"
    }

    static func rfc5322(_ date: Date) -> String {
        date.formatted(Date.VerbatimFormatStyle(
            format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) +0000",
            locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian)))
    }
}
