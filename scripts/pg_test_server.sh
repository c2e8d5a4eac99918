#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 for the tests that check saves on PostgreSQL.
#   scripts/pg_test_server.sh start DIR PORT   -> prints the SQLAlchemy URL on stdout
#   scripts/pg_test_server.sh stop DIR
# Uses the binaries in $PG_BIN when set (e.g. those the `pgserver` package ships, see .ci/run), else the
# machine's (Debian: /usr/lib/postgresql/*/bin). As root it runs them as the `postgres` user (created when
# missing), since PostgreSQL refuses to run as root. Prints nothing and exits 1 if there are none.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?data directory}; port=${3:-54329}
bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)}
[ -n "$bin" ] && [ -x "$bin/pg_ctl" ] || { echo "no PostgreSQL server installed" >&2; exit 1; }
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /bin/sh postgres
fi
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "'$bin/initdb' -D '$dir/data' -A trust -U postgres >/dev/null"
    as_pg "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null"
    echo "postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "'$bin/pg_ctl' -D '$dir/data' -m fast stop >/dev/null" || true
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
