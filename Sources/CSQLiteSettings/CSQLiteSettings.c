// `sqlite3_db_config` takes variable arguments, which Swift cannot call, so it is called here.
// The SQLite is SQLiteNIO's (its C module, VaporCSQLite, is not a product of that package), so its
// one function is declared here as SQLite's header has it, under SQLiteNIO's prefix.
#include "CSQLiteSettings.h"

int sqlite_nio_sqlite3_db_config(void *db, int op, ...);

/// SQLITE_DBCONFIG_ENABLE_QPSG, a fixed number of SQLite's C interface.
#define HEARTH_SQLITE_DBCONFIG_ENABLE_QPSG 1007

int hearth_sqlite_keep_plans(void *db) {
    return sqlite_nio_sqlite3_db_config(db, HEARTH_SQLITE_DBCONFIG_ENABLE_QPSG, 1, (int *)0);
}
