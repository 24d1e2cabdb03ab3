extension Migration {
    /// Where each sign-in came from, for the list of devices in Settings → Security: the browser's
    /// or program's user agent and the client's address when the session or token was made.
    /// Earlier ones have neither, and the list says so.
    static let signInDevices = Migration(number: 26, name: "sign-in devices", statements: [
        "ALTER TABLE sessions ADD COLUMN user_agent TEXT",
        "ALTER TABLE sessions ADD COLUMN address TEXT",
        "ALTER TABLE api_tokens ADD COLUMN user_agent TEXT",
        "ALTER TABLE api_tokens ADD COLUMN address TEXT",
    ])
}
