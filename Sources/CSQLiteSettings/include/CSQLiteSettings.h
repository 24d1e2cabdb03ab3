#ifndef CSQLITESETTINGS_H
#define CSQLITESETTINGS_H

/// Turns on SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) for the
/// connection `db` (an `sqlite3 *`); answers SQLite's result code.
int hearth_sqlite_keep_plans(void *db);

#endif
