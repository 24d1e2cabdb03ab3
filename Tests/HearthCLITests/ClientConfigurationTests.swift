import Foundation
import Testing
@testable import HearthCLI

@Suite struct ClientConfigurationTests {
    @Test func savedConfigurationIsReadableOnlyByItsOwner() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hearth/config.json")
        let saved = ClientConfiguration(server: "http://localhost:8080", token: "hth_x", tokenId: "id", email: "ada@example.org")

        try saved.save(to: path)

        let permissions = try FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try ClientConfiguration.load(from: path) == saved)
    }

    @Test func savingAgainReplacesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.json")
        try ClientConfiguration(server: "http://a", token: "1", tokenId: "1", email: "a@b.c").save(to: path)
        try ClientConfiguration(server: "http://b", token: "2", tokenId: "2", email: "a@b.c").save(to: path)
        #expect(try ClientConfiguration.load(from: path).server == "http://b")
    }

    @Test func aMissingConfigurationTellsHowToSignIn() {
        let path = URL(fileURLWithPath: "/nonexistent/hearth/config.json")
        #expect { try ClientConfiguration.load(from: path) } throws: { error in
            String(describing: error).contains("hearth login --server URL")
        }
    }

    @Test func theConfigPathFollowsXDG() {
        #expect(ClientConfiguration.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"]).path == "/x/hearth/config.json")
        #expect(ClientConfiguration.defaultPath(environment: ["HEARTH_CONFIG": "/y/c.json"]).path == "/y/c.json")
    }
}

@Suite struct APIConnectionTests {
    @Test(arguments: ["localhost:8080", "ftp://example.org", "not a url", "http://"])
    func aServerAddressMustBeAnHTTPURL(address: String) {
        #expect { try APIConnection(server: address) } throws: { error in
            String(describing: error).contains("is not a server URL")
        }
    }

    @Test func aRefusedConnectionIsExplained() async throws {
        let connection = try APIConnection(server: "http://127.0.0.1:1")
        await #expect { _ = try await connection.call { try await $0.getMe() } } throws: { error in
            String(describing: error).contains("connection refused")
        }
    }
}
