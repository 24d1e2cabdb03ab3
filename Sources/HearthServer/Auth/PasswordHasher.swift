import HummingbirdBcrypt
import NIOPosix

/// bcrypt hashing on the thread pool, so a slow hash never blocks an event loop.
struct PasswordHasher: Sendable {
    /// Work factor: 12 in production; tests pass a low cost to stay fast.
    let cost: UInt8

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash to verify against when the email is unknown, so both cases take the same time.
    func decoyHash() async throws -> String {
        try await hash("not a password of anyone")
    }
}
