extension Migration {
    /// The timer's state right after its last command, and that command's time: a command sent
    /// late (a page without a connection) is applied at the time it was made, with what the timer
    /// did by itself since the last command worked out again. Empty for timers until their next command.
    static let timerCommands = Migration(number: 20, name: "timer commands", statements: [
        "ALTER TABLE focus_timers ADD COLUMN command_state TEXT",
        "ALTER TABLE focus_timers ADD COLUMN command_at {timestamp}",
    ])
}
