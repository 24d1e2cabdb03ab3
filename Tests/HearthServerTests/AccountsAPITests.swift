import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct AccountsAPITests {
    @Test func registerReturnsTheNewUser() async throws {
        try await withApp { client in
            let response = try await APIClient(client: client).send(.post, "/api/v1/auth/register",
                json: #"{"name":"Ada","email":"ada@example.org","password":"correct horse battery"}"#)
            #expect(response.status == .created)
            let user = try response.json()
            #expect(user["name"] as? String == "Ada")
            #expect(user["email"] as? String == "ada@example.org")
            #expect(UUID(uuidString: user["householdId"] as? String ?? "") != nil)
        }
    }

    @Test func aTokenRequestWithTooLongATimeZoneIsRefused() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            let zone = String(repeating: "*", count: 65)
            let refused = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"cli","email":"ada@example.org","password":"correct horse battery","timeZone":"\#(zone)"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.json()["detail"] as? String == "“timeZone” must be at most 64 characters.")
            // A zone this server does not know is still only ignored.
            let unknown = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"cli","email":"ada@example.org","password":"correct horse battery","timeZone":"Mars/Olympus"}"#)
            #expect(unknown.status == .created)
        }
    }

    @Test func duplicateEmailIsAConflictProblem() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.post, "/api/v1/auth/register",
                json: #"{"name":"Other","email":"ADA@example.org","password":"correct horse battery"}"#)
            #expect(response.status == .conflict)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(try response.json()["detail"] as? String == "An account with this email already exists.")
        }
    }

    @Test func shortPasswordIsRejected() async throws {
        try await withApp { client in
            let response = try await APIClient(client: client).send(.post, "/api/v1/auth/register",
                json: #"{"name":"Ada","email":"ada@example.org","password":"short"}"#)
            #expect(response.status == .unprocessableContent)
            #expect(try response.json()["detail"] as? String == "Password must be at least 10 characters.")
        }
    }

    @Test func malformedJSONIsABadRequestProblem() async throws {
        try await withApp { client in
            let response = try await APIClient(client: client).send(.post, "/api/v1/auth/register", json: #"{"name":"Ada","#)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(try response.json()["status"] as? Int == 400)
        }
    }

    @Test func closedRegistrationIsForbidden() async throws {
        try await withApp(registrationOpen: false) { client in
            let response = try await APIClient(client: client).send(.post, "/api/v1/auth/register",
                json: #"{"name":"Ada","email":"ada@example.org","password":"correct horse battery"}"#)
            #expect(response.status == .forbidden)
        }
    }

    @Test func tokenIdentifiesTheUser() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            #expect(token.hasPrefix("hth_"))
            let me = try await api.send(.get, "/api/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(try me.json()["email"] as? String == "ada@example.org")
        }
    }

    @Test func wrongPasswordGetsNoToken() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"x","email":"ada@example.org","password":"wrong password!"}"#)
            #expect(response.status == .unauthorized)
            #expect(try response.json()["detail"] as? String == "Email or password is wrong.")
        }
    }

    @Test func aRevokedTokenNoLongerWorks() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let second = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"second","email":"ada@example.org","password":"correct horse battery"}"#)
            let secondId = try second.json()["id"] as? String ?? ""
            let secondToken = try second.json()["token"] as? String ?? ""
            // Used just before (so the server remembers who it belongs to), refused just after.
            #expect(try await api.send(.get, "/api/v1/me", token: secondToken).status == .ok)

            #expect(try await api.send(.delete, "/api/v1/auth/tokens/\(secondId)", token: token).status == .noContent)

            let me = try await api.send(.get, "/api/v1/me", token: secondToken)
            #expect(me.status == .unauthorized)
            #expect((try me.json()["detail"] as? String)?.contains("revoked") == true)
            #expect(try await api.send(.get, "/api/v1/me", token: token).status == .ok)
        }
    }

    @Test func anotherHouseholdCannotRevokeMyToken() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            let adas = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"laptop","email":"ada@example.org","password":"correct horse battery"}"#)
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")

            let response = try await api.send(.delete, "/api/v1/auth/tokens/\(try adas.json()["id"] as? String ?? "")", token: eve)

            #expect(response.status == .notFound)
            #expect(try await api.send(.get, "/api/v1/me", token: try adas.json()["token"] as? String).status == .ok)
        }
    }

    @Test func householdListsOnlyItsMembers() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            _ = try await api.signUp(name: "Eve", email: "eve@example.org")
            let household = try await api.send(.get, "/api/v1/household", token: ada)
            #expect(household.status == .ok)
            let members = try household.json()["members"] as? [[String: Any]] ?? []
            #expect(members.map { $0["email"] as? String } == ["ada@example.org"])
        }
    }

    @Test func signInAttemptsAreLimited() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            for _ in 0..<AttemptThrottle.pair.count {
                let wrong = try await api.send(.post, "/api/v1/auth/tokens",
                    json: #"{"name":"x","email":"ada@example.org","password":"wrong password!"}"#)
                #expect(wrong.status == .unauthorized)
            }
            // From the same address, even the right password waits until the window passes (other addresses: AttemptThrottleTests).
            let blocked = try await api.send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"x","email":"ada@example.org","password":"correct horse battery"}"#)
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test func registrationIsLimitedPerAddress() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            for index in 0..<ServerLimits().registrationsPerHour {
                let created = try await api.send(.post, "/api/v1/auth/register",
                    json: #"{"name":"User","email":"user\#(index)@example.org","password":"correct horse battery"}"#)
                #expect(created.status == .created)
            }
            let refused = try await api.send(.post, "/api/v1/auth/register",
                json: #"{"name":"User","email":"one.more@example.org","password":"correct horse battery"}"#)
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test func unknownAPIRouteIsANotFoundProblem() async throws {
        try await withApp { client in
            let response = try await APIClient(client: client).send(.get, "/api/v1/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }

    @Test func operationsEndpointsAnswer() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let health = try await api.send(.get, "/health")
            #expect(health.status == .ok)
            #expect(health.text.contains("\"ok\""))
            #expect(try await api.send(.get, "/metrics").status == .ok)
            let document = try await api.send(.get, "/api/openapi.yaml")
            #expect(document.text.contains("/api/v1/auth/tokens"))
        }
    }
}
