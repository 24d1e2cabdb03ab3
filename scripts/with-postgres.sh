#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: a temporary directory, a free local port,
# trust authentication on 127.0.0.1 only. The cluster is stopped and removed afterwards,
# also when the command fails. The command sees HEARTH_TEST_POSTGRES_URL.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bindir" ]; then
    echo "PostgreSQL is not installed (run scripts/install-deps.sh test)." >&2
    exit 1
fi

dir=$(mktemp -d /tmp/hearth-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# PostgreSQL refuses to run as root; use the postgres system user then.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
    as_owner=(runuser -u postgres --)
fi

cleanup() {
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT INT TERM

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U hearth -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }

echo "Throwaway PostgreSQL on 127.0.0.1:$port"
export HEARTH_TEST_POSTGRES_URL="postgres://hearth@127.0.0.1:$port/postgres"
"$@"
