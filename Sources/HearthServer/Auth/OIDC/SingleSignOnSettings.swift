import Foundation

/// Signing in through the household's identity provider with OpenID Connect (`HEARTH_OIDC_*`).
public struct OpenIDSettings: Sendable, Equatable {
    /// The provider's issuer; its discovery document is at `/.well-known/openid-configuration` below it.
    public var issuer: URL
    public var clientId: String
    public var clientSecret: String
    /// The sign-in page's button: "Sign in with Authelia".
    public var buttonLabel: String
    /// The scopes asked for: `openid email profile`, and `groups` when groups decide who may join.
    public var scopes: [String]
    /// The ID token's claim that lists the person's groups.
    public var groupsClaim: String
    /// People in one of these groups get an account on their first sign-in even when registration is closed.
    public var allowedGroups: Set<String>
    /// Password sign-in is off: people sign in through the provider only (API tokens still work).
    public var only: Bool

    public init(issuer: URL, clientId: String, clientSecret: String, buttonLabel: String? = nil, scopes: [String]? = nil,
                groupsClaim: String = "groups", allowedGroups: Set<String> = [], only: Bool = false) {
        self.issuer = issuer
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.buttonLabel = buttonLabel ?? "Sign in with single sign-on"
        self.scopes = scopes ?? (["openid", "email", "profile"] + (allowedGroups.isEmpty ? [] : ["groups"]))
        self.groupsClaim = groupsClaim
        self.allowedGroups = allowedGroups
        self.only = only
    }

    /// `https://auth.example.org` (with its port when it has one): where signing out goes on to.
    /// The provider's end-session endpoint is on its issuer's origin (Authelia, Authentik, Keycloak).
    var providerOrigin: String? {
        guard let scheme = issuer.scheme, let host = issuer.host else { return nil }
        return "\(scheme)://\(host)" + (issuer.port.map { ":\($0)" } ?? "")
    }
}

/// Taking who is signed in from a proxy that signs people in (Authelia, Authentik's outpost): the
/// headers it sets, believed from ``AppConfiguration/trustedProxies`` only (`HEARTH_FORWARD_AUTH`).
public struct ForwardAuthSettings: Sendable, Equatable {
    public var userHeader: String
    public var emailHeader: String
    public var nameHeader: String
    public var groupsHeader: String
    /// People in one of these groups get an account on their first visit even when registration is closed.
    public var allowedGroups: Set<String>

    public init(userHeader: String = "Remote-User", emailHeader: String = "Remote-Email", nameHeader: String = "Remote-Name",
                groupsHeader: String = "Remote-Groups", allowedGroups: Set<String> = []) {
        self.userHeader = userHeader
        self.emailHeader = emailHeader
        self.nameHeader = nameHeader
        self.groupsHeader = groupsHeader
        self.allowedGroups = allowedGroups
    }
}
