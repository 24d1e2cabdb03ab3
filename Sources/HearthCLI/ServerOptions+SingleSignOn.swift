import ArgumentParser
import Configuration
import Foundation
import HTTPTypes
import HearthServer

/// `HEARTH_OIDC_*` and `HEARTH_FORWARD_AUTH_*`: signing in through the household's identity provider.
extension ServerOptions {
    /// `HEARTH_OIDC_ISSUER` with its client, or nil when it is not set.
    func openID(_ config: ConfigReader, publicURL: URL?) throws -> OpenIDSettings? {
        let only = config.bool(forKey: "hearth.oidc.only", default: false)
        guard let issuerText = config.string(forKey: "hearth.oidc.issuer"), !issuerText.isEmpty else {
            if only { throw ValidationError("HEARTH_OIDC_ONLY turns password sign-in off, which needs HEARTH_OIDC_ISSUER: the provider to sign in with.") }
            return nil
        }
        guard let issuer = URL(string: issuerText), ["http", "https"].contains(issuer.scheme?.lowercased() ?? ""), issuer.host?.isEmpty == false,
              issuer.query == nil, issuer.fragment == nil
        else {
            throw ValidationError("HEARTH_OIDC_ISSUER must be the provider's issuer address, such as https://auth.example.org, not “\(issuerText)”.")
        }
        guard let clientId = config.string(forKey: "hearth.oidc.client.id"), !clientId.isEmpty else {
            throw ValidationError("HEARTH_OIDC_ISSUER needs HEARTH_OIDC_CLIENT_ID: the client id Hearth has at the provider.")
        }
        guard let secret = config.string(forKey: "hearth.oidc.client.secret", isSecret: true), !secret.isEmpty else {
            throw ValidationError("HEARTH_OIDC_ISSUER needs HEARTH_OIDC_CLIENT_SECRET: the client secret Hearth has at the provider.")
        }
        guard publicURL != nil else {
            throw ValidationError("HEARTH_OIDC_ISSUER needs HEARTH_PUBLIC_URL too: the provider sends people back to "
                                  + "HEARTH_PUBLIC_URL/auth/oidc/callback, which it must know as the client's redirect address.")
        }
        let scopes = config.string(forKey: "hearth.oidc.scopes").map(Self.words)
        if let scopes, !scopes.contains("openid") {
            throw ValidationError("HEARTH_OIDC_SCOPES must include openid, such as “openid email profile groups”.")
        }
        let label = config.string(forKey: "hearth.oidc.button.label").flatMap { $0.isEmpty ? nil : $0 }
        return OpenIDSettings(issuer: issuer, clientId: clientId, clientSecret: secret, buttonLabel: label, scopes: scopes,
                              groupsClaim: config.string(forKey: "hearth.oidc.groups.claim", default: "groups"),
                              allowedGroups: Set(Self.words(config.string(forKey: "hearth.oidc.allowed.groups", default: ""))),
                              only: only)
    }

    /// `HEARTH_FORWARD_AUTH=true` with header names, or nil. Only with `HEARTH_TRUSTED_PROXIES`: the
    /// headers are believed from those addresses alone.
    func forwardAuth(_ config: ConfigReader, trustedProxies: TrustedProxies) throws -> ForwardAuthSettings? {
        guard config.bool(forKey: "hearth.forward.auth", default: false) else { return nil }
        guard trustedProxies != .none else {
            throw ValidationError("HEARTH_FORWARD_AUTH needs HEARTH_TRUSTED_PROXIES: the addresses of the proxy that signs people in. "
                                  + "Its headers are believed from there only.")
        }
        let defaults = ForwardAuthSettings()
        let names = [config.string(forKey: "hearth.forward.auth.user.header", default: defaults.userHeader),
                     config.string(forKey: "hearth.forward.auth.email.header", default: defaults.emailHeader),
                     config.string(forKey: "hearth.forward.auth.name.header", default: defaults.nameHeader),
                     config.string(forKey: "hearth.forward.auth.groups.header", default: defaults.groupsHeader)]
        for (name, key) in zip(names, ["USER", "EMAIL", "NAME", "GROUPS"]) where HTTPField.Name(name) == nil {
            throw ValidationError("HEARTH_FORWARD_AUTH_\(key)_HEADER must be a header name, such as Remote-User, not “\(name)”.")
        }
        return ForwardAuthSettings(userHeader: names[0], emailHeader: names[1], nameHeader: names[2], groupsHeader: names[3],
                                   allowedGroups: Set(Self.words(config.string(forKey: "hearth.forward.auth.allowed.groups", default: ""))))
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }
}
