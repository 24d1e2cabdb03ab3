import Foundation
import HearthCore
import HearthReports
import HummingbirdTesting
import Testing
@testable import HearthServer

/// The lists' Gist backup through the API, against a fake of GitHub's gist endpoints: lists go to a
/// secret gist encrypted and come back from an older revision; every refusal GitHub gives is
/// handled; the original app's gist restores too.
@Suite struct ListGistAPITests {
    let passphrase = "lists of the loft 2026"

    func connect(_ api: APIClient, token: String, githubToken: String = "ghp_ada") async throws -> TestResponse {
        try await api.send(.put, "/api/v1/lists/gist", json: #"{"token":"\#(githubToken)","passphrase":"\#(passphrase)"}"#, token: token)
    }

    func addItem(_ api: APIClient, list: String, _ name: String, token: String) async throws {
        #expect(try await api.send(.post, "/api/v1/lists/\(list)/items", json: #"{"name":"\#(name)"}"#, token: token).status == .created)
    }

    func itemNames(_ api: APIClient, list: String, token: String) async throws -> [String] {
        let items = try await api.send(.get, "/api/v1/lists/\(list)", token: token).json()["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func listsGoToASecretGistEncryptedAndComeBackFromAnOlderRevision() async throws {
        try await withFakeGitHub { github, base in
            await github.addToken("ghp_ada", login: "ada-gh")
            try await withApp(configure: { $0.githubAPIURL = base }) { client in
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                // A token GitHub refuses is refused with its reason; the right one connects.
                let refused = try await connect(api, token: token, githubToken: "ghp_wrong")
                #expect(refused.status == .unprocessableContent)
                #expect(try refused.detail.contains("Bad credentials"))
                let connected = try await connect(api, token: token).json()
                #expect(connected["connected"] as? Bool == true && connected["login"] as? String == "ada-gh" && connected["token"] == nil)

                // First backup: one list with milk.
                let weekly = try await api.newList("Weekly", token: token)
                try await addItem(api, list: weekly, "Milk", token: token)
                let first = try await api.send(.post, "/api/v1/lists/gist/backup", token: token).json()
                let gistId = try #require(first["gistId"] as? String)
                let gist = try #require(await github.gists[gistId])
                #expect(!gist.isPublic && gist.description.hasPrefix("Hearth shopping lists backup"))
                let sealed = try #require(gist.revisions.last?.files[ListGistBackup.dataFile])
                #expect(!sealed.contains("Milk") && !sealed.contains("Weekly"))
                let opened = try BackupCipher.decrypt(try #require(Data(base64Encoded: sealed)), passphrase: passphrase)
                #expect(String(decoding: opened, as: UTF8.self).contains("Milk"))
                #expect(gist.revisions.last?.files[ListGistBackup.readmeFile]?.contains("1 list, 0 in Recently deleted, 1 item.") == true)

                // Second backup after a change: a new revision of the same gist.
                try await addItem(api, list: weekly, "Bread", token: token)
                let second = try await api.send(.post, "/api/v1/lists/gist/backup", token: token)
                #expect(try second.json()["gistId"] as? String == gistId, "\(String(buffer: second.body))")
                let listed = try await api.send(.get, "/api/v1/lists/gist/revisions", token: token)
                let revisions = try listed.json()["revisions"] as? [[String: Any]] ?? []
                #expect(listed.status == .ok, "\(String(buffer: listed.body))")
                #expect(revisions.map { $0["items"] as? Int } == [2, 1] && revisions.allSatisfy { $0["kind"] as? String == "hearth" })
                let older = try #require(revisions.last?["version"] as? String)

                // The older revision, previewed, refused with a wrong passphrase, then restored in place of the lists.
                func restore(_ passphrase: String, dryRun: Bool) async throws -> TestResponse {
                    try await api.send(.post, "/api/v1/lists/gist/restore",
                                       json: #"{"revision":"\#(older)","passphrase":"\#(passphrase)","strategy":"replace","dryRun":\#(dryRun)}"#, token: token)
                }
                let wrong = try await restore("not the passphrase at all", dryRun: false)
                #expect(wrong.status == .unprocessableContent)
                #expect(try wrong.detail.contains("does not open"))
                let preview = try await restore(passphrase, dryRun: true).json()
                #expect((preview["lists"] as? [String: Int])?["removed"] == 1 && (preview["lists"] as? [String: Int])?["added"] == 1 && preview["items"] as? Int == 1)
                #expect(try await itemNames(api, list: weekly, token: token) == ["Bread", "Milk"])
                #expect(try await restore(passphrase, dryRun: false).status == .ok)
                #expect(try await itemNames(api, list: weekly, token: token) == ["Milk"])

                // Another account sees no backup of its own, and cannot reach Ada's.
                let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
                #expect(try await api.send(.get, "/api/v1/lists/gist", token: eve).json()["connected"] as? Bool == false)
                #expect(try await api.send(.get, "/api/v1/lists/gist/revisions", token: eve).status == .notFound)
            }
        }
    }

    @Test func githubsRefusalsAreHandled() async throws {
        try await withFakeGitHub { github, base in
            await github.addToken("ghp_ada", login: "ada-gh")
            try await withApp(configure: { $0.githubAPIURL = base }) { client in
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                #expect(try await connect(api, token: token).status == .ok)
                let weekly = try await api.newList("Weekly", token: token)
                try await addItem(api, list: weekly, "Milk", token: token)
                let first = try #require(try await api.send(.post, "/api/v1/lists/gist/backup", token: token).json()["gistId"] as? String)

                // A rate limit: 429 with when to try again, kept for the automatic backups.
                let reset = Int(Date().timeIntervalSince1970) + 120
                await github.refuseNext(.init(status: 403, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(reset)"],
                                              message: "API rate limit exceeded"))
                let limited = try await api.send(.post, "/api/v1/lists/gist/backup", token: token)
                #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter].flatMap(Int.init).map { $0 > 60 && $0 <= 121 } == true)
                #expect(try await api.send(.get, "/api/v1/lists/gist", token: token).json()["waitUntil"] != nil)
                await github.refuseNext(.init(status: 429, headers: ["Retry-After": "30"]))
                #expect(try await api.send(.post, "/api/v1/lists/gist/backup", token: token).headers[.retryAfter] == "30")

                // A 422 says GitHub's words.
                await github.refuseNext(.init(status: 422, message: "Validation Failed"))
                let invalid = try await api.send(.post, "/api/v1/lists/gist/backup", token: token)
                #expect(invalid.status == .badGateway)
                #expect(try invalid.detail.contains("Validation Failed"))

                // The gist deleted on GitHub: the next backup makes a new one.
                await github.deleteGist(first)
                let again = try await api.send(.post, "/api/v1/lists/gist/backup", token: token).json()
                let second = try #require(again["gistId"] as? String)
                #expect(second != first && again["error"] == nil && again["waitUntil"] == nil)

                // Revisions read twice: the second time one conditional request (304) for the list of
                // revisions, and none for the revisions themselves, which never change.
                _ = try await api.send(.get, "/api/v1/lists/gist/revisions", token: token)
                let before = await github.requests.count
                #expect(try await api.send(.get, "/api/v1/lists/gist/revisions", token: token).status == .ok)
                let (after, notModified) = (await github.requests.count, await github.notModified)
                #expect(after == before + 1 && notModified == 1)

                // The token revoked: said, and automatic backups stop.
                await github.revoke("ghp_ada")
                let revoked = try await api.send(.post, "/api/v1/lists/gist/backup", token: token)
                #expect(revoked.status == .unprocessableContent)
                #expect(try revoked.detail.contains("refused the token"))
                let state = try await api.send(.get, "/api/v1/lists/gist", token: token).json()
                #expect(state["stopped"] as? Bool == true && (state["error"] as? String)?.contains("Bad credentials") == true)
                #expect(try await api.send(.delete, "/api/v1/lists/gist", token: token).status == .noContent)
                #expect(try await api.send(.get, "/api/v1/lists/gist", token: token).json()["connected"] as? Bool == false)
            }
        }
    }

    @Test func theOriginalAppsGistRestoresWithItsItemsAndDeletedLists() async throws {
        try await withFakeGitHub { github, base in
            await github.addToken("ghp_ada", login: "ada-gh")
            let weekly = UUID(), old = UUID()
            // Its BackupData: dates as Swift writes them by default (seconds since 2001), the items keyed by list, a password in plain text.
            let original = """
                {"user":{"firstName":"Ada","lastName":"L","userId":"ada@example.org","password":"hunter2-plain"},
                 "lists":[{"id":"\(weekly.uuidString)","name":"Weekly","createdAt":786000000.5}],
                 "deletedLists":[{"id":"\(old.uuidString)","name":"Old party","createdAt":"2025-01-02T10:00:00Z"}],
                 "items":{"\(weekly.uuidString)":[{"id":"\(UUID().uuidString)","name":"Milk","purchased":false},
                                                  {"id":"\(UUID().uuidString)","name":"Eggs","purchased":true}],
                          "\(old.uuidString)":[{"id":"\(UUID().uuidString)","name":"Balloons","purchased":false}]},
                 "timestamp":786000100,"version":"1.0.0"}
                """
            let gistId = await github.addGist(owner: "ada-gh", description: "MultiPurposeApp backup", files: ["backup.json": original])
            try await withApp(configure: { $0.githubAPIURL = base }) { client in
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                #expect(try await connect(api, token: token).status == .ok)
                let address = "https://gist.github.com/ada-gh/\(gistId)"
                let revisions = try await api.send(.get, "/api/v1/lists/gist/revisions?gist=\(address)", token: token).json()["revisions"] as? [[String: Any]]
                let revision = try #require(revisions?.first)
                #expect(revision["kind"] as? String == "original" && revision["lists"] as? Int == 1 && revision["deletedLists"] as? Int == 1
                        && revision["items"] as? Int == 3)
                let version = try #require(revision["version"] as? String)
                let report = try await api.send(.post, "/api/v1/lists/gist/restore",
                                                json: #"{"revision":"\#(version)","strategy":"merge","gist":"\#(gistId)"}"#, token: token).json()
                #expect((report["lists"] as? [String: Int])?["added"] == 2 && report["items"] as? Int == 3)
                #expect((report["warnings"] as? [String])?.first?.contains("Recently deleted, kept 30 days") == true)
                #expect(try await itemNames(api, list: weekly.text, token: token) == ["Eggs", "Milk"])
                let created = try await api.send(.get, "/api/v1/lists/\(weekly.text)", token: token).json()["createdAt"] as? String
                #expect(created == "2025-11-28T05:20:00.500Z")  // 786000000.5 seconds after 2001-01-01
                let deleted = try await api.send(.get, "/api/v1/lists/deleted", token: token).json()["lists"] as? [[String: Any]]
                #expect(deleted?.map { $0["name"] as? String } == ["Old party"])
                // A file that is no lists backup is named in the message.
                let other = await github.addGist(owner: "ada-gh", description: "notes", files: ["notes.md": "# hello"])
                let otherVersion = try #require(await github.gists[other]?.revisions.first?.version)
                let unreadable = try await api.send(.post, "/api/v1/lists/gist/restore",
                                                    json: #"{"revision":"\#(otherVersion)","strategy":"merge","gist":"\#(other)"}"#, token: token)
                #expect(unreadable.status == .unprocessableContent)
                #expect(try unreadable.detail.contains("notes.md"))
            }
        }
    }
}

extension TestResponse {
    /// The problem's `detail`, or "" when there is none.
    var detail: String {
        get throws { try json()["detail"] as? String ?? "" }
    }
}
