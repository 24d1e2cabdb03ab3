import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// An account takes the zone of the device it is created or first signed in from; a zone the
/// user chose stays until they change it.
@Suite struct TimeZoneTests {
    @Test func registrationTakesTheBrowsersZone() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.post("/register", ["name": "Ada", "email": "ada@example.org", "password": "correct horse battery",
                                             "time_zone": "America/New_York"])
            #expect(try await user.get("/settings/profile").text.contains(#"<option value="America/New_York" selected>"#))
            #expect(try await user.get("/focus").text.contains(#"data-time-zone="America/New_York""#))
        }
    }

    @Test func aZoneTheServerDoesNotKnowLeavesUTCAndStillRegisters() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let response = try await user.post("/register", ["name": "Ada", "email": "ada@example.org",
                                                             "password": "correct horse battery", "time_zone": "Mars/Olympus"])
            #expect(response.status == .seeOther)
            #expect(try await user.get("/settings/profile").text.contains(#"<option value="UTC" selected>"#))
        }
    }

    @Test func signingInAdoptsTheDeviceZoneOnlyWhileTheAccountHasTheDefault() async throws {
        try await withApp { client in
            try await WebUser(client).register(email: "ada@example.org")
            let server = WebUser(client)
            try await server.post("/login", ["email": "ada@example.org", "password": "correct horse battery", "time_zone": "Etc/UTC"])
            #expect(try await server.get("/focus").text.contains(#"data-time-zone="UTC""#), "a zone naming no place is not taken")
            let phone = WebUser(client)
            try await phone.post("/login", ["email": "ada@example.org", "password": "correct horse battery", "time_zone": "Asia/Tokyo"])
            #expect(try await phone.get("/focus").text.contains(#"data-time-zone="Asia/Tokyo""#))

            let laptop = WebUser(client)
            try await laptop.post("/login", ["email": "ada@example.org", "password": "correct horse battery", "time_zone": "Europe/Lisbon"])
            #expect(try await laptop.get("/focus").text.contains(#"data-time-zone="Asia/Tokyo""#), "a chosen zone is kept")
        }
    }

    @Test func theOfferToSwitchSavesTheZoneAndGoesBack() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let switched = try await user.post("/settings/time-zone", ["time_zone": "Europe/Berlin", "next": "/lists?view=all"])
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/lists?view=all&notice=time-zone")
            #expect(try await user.get("/focus").text.contains(#"data-time-zone="Europe/Berlin""#))

            let refused = try await user.post("/settings/time-zone", ["time_zone": "Nowhere/Special", "next": "/lists"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("“Nowhere/Special” is not a known time zone."))
            let away = try await user.post("/settings/time-zone", ["time_zone": "Europe/Paris", "next": "//evil.example"])
            #expect(away.headers[.location] == "/focus?notice=time-zone")
            let formPage = try await user.post("/settings/time-zone", ["time_zone": "Europe/Paris", "next": "/settings/household/invites"])
            #expect(formPage.headers[.location] == "/focus?notice=time-zone", "an address that only answers a form is no way back")
        }
    }

    @Test func theZoneMenuIsGroupedByRegion() async throws {
        let regions = ProfilePage.zones(selected: "America/Argentina/Buenos_Aires")
        #expect(regions.first?.name == "Universal")
        let america = try #require(regions.first { $0.name == "America" })
        let buenosAires = try #require(america.zones.first { $0.id == "America/Argentina/Buenos_Aires" })
        #expect(buenosAires.place == "Argentina / Buenos Aires" && buenosAires.selected)
        #expect(america.zones.map(\.place) == america.zones.map(\.place).sorted())
        #expect(regions.flatMap(\.zones).count == TimeZone.knownTimeZoneIdentifiers.count)
    }

    @Test func theAPITakesTheZoneAtRegistrationAndFromTheCLIsSignIn() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let registered = try await api.send(.post, "/api/v1/auth/register", json: #"""
                {"name":"Ada","email":"ada@example.org","password":"correct horse battery","timeZone":"Australia/Sydney"}
                """#)
            #expect(registered.status == .created)
            #expect(try registered.json()["timeZone"] as? String == "Australia/Sydney")

            let unknown = try await api.send(.post, "/api/v1/auth/register", json: #"""
                {"name":"Bob","email":"bob@example.org","password":"correct horse battery","timeZone":"Moon/Base"}
                """#)
            #expect(unknown.status == .unprocessableContent)

            _ = try await api.send(.post, "/api/v1/auth/register", json: #"""
                {"name":"Cy","email":"cy@example.org","password":"correct horse battery"}
                """#)
            let token = try await api.send(.post, "/api/v1/auth/tokens", json: #"""
                {"email":"cy@example.org","password":"correct horse battery","name":"CLI","timeZone":"Africa/Nairobi"}
                """#)
            let secret = try #require(try token.json()["token"] as? String)
            #expect(try await api.send(.get, "/api/v1/me", token: secret).json()["timeZone"] as? String == "Africa/Nairobi")
        }
    }
}
