import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Logs each request's method, path, status and duration at debug level, and tells the client the
/// duration in a `Server-Timing` header (`app;dur=0.412`, milliseconds), which the measuring scripts
/// read. Paths that carry a secret (invite links) are logged without it, and no headers are logged,
/// so tokens and cookies never reach a log.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            var response = try await next(request, context)
            let duration = start.duration(to: .now)
            response.headers[.serverTiming] = Self.serverTiming(duration)
            context.logger.debug("\(request.method) \(Self.loggablePath(request.uri.path)) \(response.status.code) \(duration)")
            return response
        } catch {
            context.logger.debug("\(request.method) \(Self.loggablePath(request.uri.path)) failed \(start.duration(to: .now))")
            throw error
        }
    }

    /// `app;dur=` and the duration in milliseconds with three decimals, without a number formatter.
    static func serverTiming(_ duration: Duration) -> String {
        let micros = max(0, duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
        let fraction = String(micros % 1000)
        return "app;dur=\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func loggablePath(_ path: String) -> String {
        for secretFolder in ["/invite/", "/password/reset/"] where path.hasPrefix(secretFolder) {
            return secretFolder + "[secret]"
        }
        return path
    }
}

extension HTTPField.Name {
    static let serverTiming = Self("Server-Timing")!
}
