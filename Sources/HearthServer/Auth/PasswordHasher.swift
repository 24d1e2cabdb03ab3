import HummingbirdBcrypt
import NIOPosix

/// bcrypt hashing on a thread pool of its own: a burst of sign-ins never blocks an event loop,
/// nor the shared pool that runs SQLite queries.
struct PasswordHasher: Sendable {
    /// Work factor: 12 in production; tests pass a low cost to stay fast.
    let cost: UInt8

    /// Started once for the process and never shut down.
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await Self.pool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await Self.pool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash to verify against when the email is unknown, so both cases take the same time.
    func decoyHash() async throws -> String {
        try await hash("not a password of anyone")
    }
}
