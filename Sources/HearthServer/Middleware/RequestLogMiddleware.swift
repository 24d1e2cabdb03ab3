import Foundation
import Hummingbird
import Logging

/// Logs each request's method, path, status and duration at debug level. Paths that carry a secret
/// (invite links) are logged without it, and no headers are logged, so tokens and cookies never reach a log.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let path = Self.loggablePath(request.uri.path)
        do {
            let response = try await next(request, context)
            context.logger.debug("\(request.method) \(path) \(response.status.code) \(start.duration(to: .now))")
            return response
        } catch {
            context.logger.debug("\(request.method) \(path) failed \(start.duration(to: .now))")
            throw error
        }
    }

    static func loggablePath(_ path: String) -> String {
        path.hasPrefix("/invite/") ? "/invite/[secret]" : path
    }
}
