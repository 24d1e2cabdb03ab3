import Foundation
import HearthPush
import HearthStore

extension VAPIDKey {
    /// The server's VAPID key: created by the first server that needs one and kept sealed with the
    /// secret key in the database, so every server of a cluster signs with the same key and the
    /// browsers' subscriptions survive restarts. An in-memory database gets a key of its own.
    static func load(database: Database, secrets: SecretBox) async throws -> VAPIDKey {
        let proposed = VAPIDKey()
        let sealed = try await ClusterSettings(database: database)
            .agree(on: "vapid_key", proposing: try secrets.seal(proposed.rawRepresentation.base64EncodedString()))
        guard let raw = Data(base64Encoded: try secrets.open(sealed)) else { throw SecretBox.KeyError("The stored push key is damaged.") }
        return try VAPIDKey(rawRepresentation: raw)
    }
}
