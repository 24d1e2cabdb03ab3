import HTTPTypes
import Hummingbird

/// Headers that tell browsers to keep every page and file in its place: only Hearth's own scripts,
/// styles and images run (no inline script anywhere; `blob:` images are the thumbnails a page
/// draws from the account's offline copy), nothing frames a page, content types are taken as sent,
/// and addresses (invite links carry a secret) are not sent to other sites. Forms post to Hearth
/// only; signing out may go on to the identity provider's (`formTargets`), whose address the
/// browser follows from the sign-out form.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static func contentSecurityPolicy(formTargets: [String]) -> String {
        "default-src 'self'; img-src 'self' blob:; base-uri 'none'; object-src 'none'; form-action \((["'self'"] + formTargets).joined(separator: " ")); "
            + "frame-ancestors 'none'"
    }

    static func headers(formTargets: [String]) -> HTTPFields {
        var fields = HTTPFields()
        fields[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy(formTargets: formTargets)
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        fields[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        fields[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        return fields
    }

    private let fields: HTTPFields

    /// `formTargets`: origins forms may lead to besides Hearth (the identity provider's).
    init(formTargets: [String] = []) {
        fields = Self.headers(formTargets: formTargets)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for field in fields where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}
