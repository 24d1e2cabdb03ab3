import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends one mail through an SMTP server (RFC 5321): EHLO, STARTTLS or TLS from the start, AUTH
/// PLAIN when the settings carry a user, then MAIL, RCPT and DATA. Every step has a deadline.
struct SMTPClient: Sendable {
    let settings: MailSettings
    /// How long one mail may take, connecting included.
    var timeout: Duration = .seconds(30)

    /// What went wrong on the way, with the server's own words where it said something.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func send(_ message: MailMessage, date: Date, messageID: String) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await deliver(message, date: date, messageID: messageID) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure(description: "The mail server at \(settings.host):\(settings.port) did not finish within \(timeout).")
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func deliver(_ message: MailMessage, date: Date, messageID: String) async throws {
        let tls = try NIOSSLContext(configuration: .makeClientConfiguration())
        let host = settings.host
        let implicitTLS = settings.security == .implicitTLS
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: settings.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicitTLS { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: host)) }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(ReplyLineDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var conversation = Conversation(lines: inbound.makeAsyncIterator(), outbound: outbound)
            try await conversation.expect([220])
            var extensions = try await conversation.command("EHLO \(Self.clientName)", expect: [250])
            if !implicitTLS && extensions.contains(where: { $0.uppercased() == "STARTTLS" }) {
                try await conversation.command("STARTTLS", expect: [220])
                let connection = channel.channel
                try await connection.eventLoop.submit {
                    try connection.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: host), position: .first)
                }.get()
                extensions = try await conversation.command("EHLO \(Self.clientName)", expect: [250])
            } else if !implicitTLS && !settings.isLoopback {
                throw Failure(description: "The mail server at \(host) offers no STARTTLS: Hearth sends neither a password nor a reset link unencrypted across the network. Use smtps:// or a server with STARTTLS.")
            }
            if let username = settings.username {
                let credentials = Data("\0\(username)\0\(settings.password ?? "")".utf8).base64EncodedString()
                try await conversation.command("AUTH PLAIN \(credentials)", expect: [235], secret: true)
            }
            try await conversation.command("MAIL FROM:<\(MailMessage.address(in: message.from))>", expect: [250])
            try await conversation.command("RCPT TO:<\(message.to)>", expect: [250, 251])
            try await conversation.command("DATA", expect: [354])
            try await conversation.command(message.rendered(date: date, messageID: messageID) + ".", expect: [250])
            _ = try? await conversation.command("QUIT", expect: [221])
        }
    }

    /// How Hearth names itself in EHLO.
    static let clientName = ProcessInfo.processInfo.hostName.isEmpty ? "hearth" : ProcessInfo.processInfo.hostName

    /// Commands and the server's replies, one at a time.
    private struct Conversation {
        var lines: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

        /// Sends `text` and reads the reply; its lines after the code (EHLO's are the extensions).
        @discardableResult
        mutating func command(_ text: String, expect codes: Set<Int>, secret: Bool = false) async throws -> [String] {
            try await outbound.write(ByteBuffer(string: text + "\r\n"))
            do {
                return try await expect(codes)
            } catch let failure as Failure where !secret {
                throw Failure(description: "\(failure.description) (after \(text.prefix { $0 != "\r" }.prefix(40)))")
            }
        }

        /// Reads one reply (its lines "250-…" up to "250 …") and checks its code.
        @discardableResult
        mutating func expect(_ codes: Set<Int>) async throws -> [String] {
            var texts: [String] = []
            while true {
                guard let buffer = try await lines.next() else { throw Failure(description: "The mail server closed the connection.") }
                let line = String(buffer: buffer)
                guard line.count >= 3, let code = Int(line.prefix(3)) else { throw Failure(description: "The mail server said “\(line.prefix(200))”.") }
                texts.append(String(line.dropFirst(4)))
                if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " {
                    guard codes.contains(code) else { throw Failure(description: "The mail server answered “\(line.prefix(200))”") }
                    return texts
                }
            }
        }
    }
}

/// Cuts what the server sends into lines, without their CRLF (or a bare LF).
private struct ReplyLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let end = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > 4096 { throw SMTPClient.Failure(description: "The mail server sent a line longer than 4 KB.") }
            return .needMoreData
        }
        var line = buffer.readSlice(length: end - buffer.readerIndex + 1)!
        line.moveWriterIndex(to: line.writerIndex - 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}
