extension Migration {
    /// Maintenance: tasks on an item (once on a date, or every so many days, months or years, with
    /// the day each is next due; none once a task done once is done) and the log of what was done
    /// (a day, a cost, a note), kept when its task is deleted. Both go with their item when it is
    /// purged. The due indexes leave done tasks out.
    static let maintenance = Migration(number: 37, name: "maintenance", statements: [
        """
        CREATE TABLE maintenance_tasks (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            every_count INTEGER CHECK (every_count >= 1),
            every_unit TEXT CHECK (every_unit IN ('days', 'months', 'years')),
            due_on TEXT,
            note TEXT,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL,
            CHECK ((every_count IS NULL) = (every_unit IS NULL))
        )
        """,
        "CREATE INDEX maintenance_tasks_by_item ON maintenance_tasks(item_id, created_at)",
        "CREATE INDEX maintenance_tasks_due ON maintenance_tasks(household_id, due_on) WHERE due_on IS NOT NULL",
        // Reminders look across households for what comes due in a window of days.
        "CREATE INDEX maintenance_tasks_reminders ON maintenance_tasks(due_on) WHERE due_on IS NOT NULL",
        """
        CREATE TABLE maintenance_log (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
            task_id {uuid} REFERENCES maintenance_tasks(id) ON DELETE SET NULL,
            title TEXT NOT NULL,
            done_on TEXT NOT NULL,
            cost BIGINT CHECK (cost >= 0),
            cost_currency TEXT,
            note TEXT,
            created_at {timestamp} NOT NULL,
            CHECK ((cost IS NULL) = (cost_currency IS NULL))
        )
        """,
        "CREATE INDEX maintenance_log_by_item ON maintenance_log(item_id, done_on)",
        "CREATE INDEX maintenance_log_by_task ON maintenance_log(task_id)",
        "CREATE INDEX maintenance_log_by_household ON maintenance_log(household_id, done_on)",
    ])
}
