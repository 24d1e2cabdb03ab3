import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPush
import JWTKit
import NIOCore
import NIOFoundationCompat

/// The household's OpenID Connect provider as Hearth talks to it: its discovery document and signing
/// keys (kept an hour; the keys fetched again sooner when a token names one Hearth has not seen: the
/// provider rotated them), the token endpoint, and the checks of an ID token.
actor IdentityProvider {
    /// The parts of the discovery document Hearth uses.
    struct Endpoints: Decodable, Equatable {
        let issuer: String
        let authorizationEndpoint: String
        let tokenEndpoint: String
        let jwksURI: String
        let endSessionEndpoint: String?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
            case endSessionEndpoint = "end_session_endpoint"
        }
    }

    /// Signature algorithms Hearth accepts; the header's `alg` must be one of them.
    static let algorithms: Set<String> = ["RS256", "ES256"]
    /// How long the discovery document and the keys are kept (keys also go when a token names one
    /// Hearth has not seen).
    static let documentLifetime: TimeInterval = 3600
    /// Clocks of the provider and of Hearth may differ this much.
    static let clockSkew: TimeInterval = 60

    /// One request to the provider: a GET of a document, or a form posted to the token endpoint.
    struct Request: Sendable {
        let url: String
        var form: [(String, String)]?
        var basicAuthorization: (user: String, password: String)?
    }

    /// Answers a request to the provider with the body of a 2xx answer.
    typealias Fetch = @Sendable (Request) async throws(FetchError) -> Data

    let settings: OpenIDSettings
    let clock: any WallClock
    private let fetch: Fetch
    private var endpoints: (Endpoints, fetchedAt: Date)?
    private var keys: (collection: JWTKeyCollection, ids: Set<String>, fetchedAt: Date)?

    /// `fetch` answers requests to the provider: over HTTP, or from a test's documents.
    init(settings: OpenIDSettings, clock: any WallClock, fetch: @escaping Fetch = IdentityProvider.fetchOverHTTP) {
        self.settings = settings
        self.clock = clock
        self.fetch = fetch
    }

    /// The discovery document, fetched when it is older than an hour. Its issuer must be the one configured.
    func discovery() async throws(SingleSignOnError) -> Endpoints {
        if let endpoints, clock.now.timeIntervalSince(endpoints.fetchedAt) < Self.documentLifetime { return endpoints.0 }
        let address = Self.withoutFinalSlash(settings.issuer.absoluteString) + "/.well-known/openid-configuration"
        let found = try await fetchJSON(Endpoints.self, from: address, what: "its discovery document")
        guard Self.sameIssuer(found.issuer, settings.issuer.absoluteString) else {
            throw .providerUnreachable("its discovery document names the issuer \(found.issuer), not \(settings.issuer.absoluteString)")
        }
        endpoints = (found, clock.now)
        return found
    }

    /// Trades an authorization code for the provider's ID token (the client secret in HTTP Basic).
    func idToken(code: String, verifier: String, redirectURI: String) async throws(SingleSignOnError) -> String {
        let endpoints = try await discovery()
        let request = Request(url: endpoints.tokenEndpoint,
                              form: [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier)],
                              basicAuthorization: (settings.clientId, settings.clientSecret))
        struct Answer: Decodable {
            let idToken: String?
            let error: String?
            enum CodingKeys: String, CodingKey {
                case idToken = "id_token"
                case error
            }
        }
        let body: Data
        do {
            body = try await fetch(request)
        } catch {
            switch error {
            case .refused(let status, let data):
                throw .codeRefused((try? JSONDecoder().decode(Answer.self, from: data))?.error.map(Self.errorCode) ?? "HTTP \(status)")
            case .unreachable(let detail):
                throw .providerUnreachable(detail)
            }
        }
        guard let token = (try? JSONDecoder().decode(Answer.self, from: body))?.idToken else {
            throw .badToken("the token endpoint sent no ID token")
        }
        return token
    }

    /// The claims of `token` when it is signed by one of the provider's keys, for this client, by
    /// this issuer, in its time and for this sign-in's `nonce`.
    func verify(_ token: String, nonce: String) async throws(SingleSignOnError) -> IDToken {
        let header = try Self.header(of: token)
        guard Self.algorithms.contains(header.alg) else { throw .badToken("it is signed with \(header.alg), not RS256 or ES256") }
        let collection = try await keyCollection(naming: header.kid)
        let claims: IDToken
        do {
            claims = try await collection.verify(token, as: IDToken.self, expectedAudience: settings.clientId)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure {
            throw .badToken("it is not for this client")
        } catch {
            throw .badToken("its signature is not the provider's")
        }
        let now = clock.now
        guard Self.sameIssuer(claims.issuer, settings.issuer.absoluteString) else { throw .badToken("it is from another issuer") }
        guard claims.expires.addingTimeInterval(Self.clockSkew) > now else { throw .badToken("it has expired") }
        if let issued = claims.issuedAt, issued.addingTimeInterval(-Self.clockSkew) > now { throw .badToken("it was issued in the future") }
        guard let sent = claims.nonce, SecretToken.constantTimeEquals(sent, nonce) else { throw .badToken("it is not for this sign-in") }
        return claims
    }

    /// The provider's keys, fetched again when `kid` is not among them (a key the provider rotated
    /// in) and when they are an hour old (so a key it dropped stops working). Only the provider's
    /// token endpoint, asked with the client secret, hands Hearth a token: nobody else can make it fetch.
    private func keyCollection(naming kid: String?) async throws(SingleSignOnError) -> JWTKeyCollection {
        if let keys, kid.map(keys.ids.contains) ?? true, clock.now.timeIntervalSince(keys.fetchedAt) < Self.documentLifetime {
            return keys.collection
        }
        let endpoints = try await discovery()
        let set = try await fetchJSON(JWKS.self, from: endpoints.jwksURI, what: "its key set")
        let collection = JWTKeyCollection()
        var ids: Set<String> = []
        for key in set.keys where key.keyType == .rsa || key.keyType == .ecdsa {
            guard (try? await collection.add(jwk: key)) != nil else { continue }
            if let id = key.keyIdentifier?.string { ids.insert(id) }
        }
        keys = (collection, ids, clock.now)
        return collection
    }

    /// Issuers compare as the provider writes them, with or without a final slash.
    static func sameIssuer(_ one: String, _ other: String) -> Bool {
        withoutFinalSlash(one) == withoutFinalSlash(other)
    }

    private static func withoutFinalSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// The `alg` and `kid` of a compact JWS, read before its signature is checked.
    static func header(of token: String) throws(SingleSignOnError) -> (alg: String, kid: String?) {
        struct Header: Decodable {
            let alg: String
            let kid: String?
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(String(parts[0])),
              let header = try? JSONDecoder().decode(Header.self, from: data)
        else { throw .badToken("it is not a signed token") }
        return (header.alg, header.kid)
    }

    /// An OAuth error code as the provider sent it, or "an error" for anything else (never its free text).
    static func errorCode(_ text: String) -> String {
        text.count <= 40 && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) ? text : "an error"
    }

    /// `application/x-www-form-urlencoded`, which HTTP Basic of OAuth clients uses too (RFC 6749 2.3.1).
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    enum FetchError: Error {
        case unreachable(String)
        case refused(status: Int, body: Data)
    }

    /// A document of the provider's, fetched and decoded.
    private func fetchJSON<Document: Decodable>(_ type: Document.Type, from address: String,
                                                what: String) async throws(SingleSignOnError) -> Document {
        let body: Data
        do {
            body = try await fetch(Request(url: address))
        } catch {
            switch error {
            case .unreachable(let detail): throw .providerUnreachable(detail)
            case .refused(let status, _): throw .providerUnreachable("\(what) at \(address) answered HTTP \(status)")
            }
        }
        guard let document = try? JSONDecoder().decode(type, from: body) else {
            throw .providerUnreachable("\(what) at \(address) is not what OpenID Connect describes")
        }
        return document
    }

    /// One request to the provider over HTTP, 10 s at most, its answer 1 MB at most. A form is
    /// posted with the client's id and secret in HTTP Basic (`client_secret_basic`).
    static func fetchOverHTTP(_ request: Request) async throws(FetchError) -> Data {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.headers.add(name: "User-Agent", value: "Hearth/\(HearthVersion.current)")
        outgoing.headers.add(name: "Accept", value: "application/json")
        if let form = request.form {
            outgoing.method = .POST
            outgoing.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            outgoing.body = .bytes(ByteBuffer(string: form.map { "\($0)=\(formEncoded($1))" }.joined(separator: "&")))
        }
        if let (user, password) = request.basicAuthorization {
            let credentials = formEncoded(user) + ":" + formEncoded(password)
            outgoing.headers.add(name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
        }
        do {
            let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(10))
            let body = Data(buffer: try await response.body.collect(upTo: 1 << 20))
            guard (200..<300).contains(response.status.code) else { throw FetchError.refused(status: Int(response.status.code), body: body) }
            return body
        } catch let error as FetchError {
            throw error
        } catch {
            throw .unreachable("\(request.url) did not answer: \(error)")
        }
    }
}
