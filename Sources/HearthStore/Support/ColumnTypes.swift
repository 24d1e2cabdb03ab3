import Foundation

/// The types both databases' rows read directly (``SQLiteStoreRow``, ``PostgresStoreRow``),
/// looked up once: `String?.self` written in place instantiates the optional's metadata, under a
/// lock, on every call.
enum ColumnTypes {
    static let string = ObjectIdentifier(String.self), optionalString = ObjectIdentifier(String?.self)
    static let uuid = ObjectIdentifier(UUID.self), optionalUUID = ObjectIdentifier(UUID?.self)
    static let date = ObjectIdentifier(Date.self), optionalDate = ObjectIdentifier(Date?.self)
    static let double = ObjectIdentifier(Double.self), optionalDouble = ObjectIdentifier(Double?.self)
    static let int = ObjectIdentifier(Int.self), optionalInt = ObjectIdentifier(Int?.self)
    static let int64 = ObjectIdentifier(Int64.self), optionalInt64 = ObjectIdentifier(Int64?.self)
    static let bool = ObjectIdentifier(Bool.self), optionalBool = ObjectIdentifier(Bool?.self)
}

/// `value` as `T`, which the caller has proved to be exactly `U` by its identifier. Neither a
/// dynamic cast nor a `T?`, whose metadata a call through `any SQLRow` would look up each time.
@inline(__always)
func exactly<U, T>(_ value: U) -> T {
    unsafeBitCast(value, to: T.self)
}
