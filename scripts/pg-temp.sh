#!/usr/bin/env bash
# A throwaway PostgreSQL (Debian's postgresql 15, or the newest /usr/lib/postgresql/N) for tests
# and benchmarks: a new cluster in a temporary directory, listening on 127.0.0.1 only, on a free
# port, with trust authentication for the superuser `hamle` (nobody but this machine's users can
# reach it; it holds test data only).
#
#   eval "$(scripts/pg-temp.sh start [--fast])"   # sets HAMLE_PG_URL, HAMLE_PG_PID, HAMLE_PG_DIR
#   scripts/pg-temp.sh stop "$HAMLE_PG_PID" "$HAMLE_PG_DIR"
#
# `start` prints the three variables as shell assignments (and nothing else on stdout), once the
# server accepts connections. `--fast` turns fsync off (tests only: a power cut would lose
# commits; a killed hamle loses nothing either way). `stop` ends the postmaster by its PID (a
# fast shutdown, SIGINT), waits for it, and removes the directory.
#
# initdb refuses to run as root: run as root, the cluster belongs to the `postgres` user that
# Debian's package creates (or `nobody` without it), and the directory is made theirs.
set -euo pipefail

bindir() {
    if [ -n "${PG_BINDIR:-}" ]; then
        echo "$PG_BINDIR"
        return
    fi
    local d
    for d in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ]; then
            echo "$d"
            return
        fi
    done
    if command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return
    fi
    echo "pg-temp: no PostgreSQL server found (apt install postgresql)" >&2
    exit 1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Runs "$@" as the cluster's owner.
as_owner() {
    if [ -n "$OWNER" ]; then
        runuser -u "$OWNER" -- "$@"
    else
        "$@"
    fi
}

start() {
    local fast=0
    [ "${1:-}" = "--fast" ] && fast=1
    local bin dir port
    bin="$(bindir)"
    dir="$(mktemp -d "${TMPDIR:-/tmp}/hamle-pg.XXXXXX")"
    OWNER=""
    if [ "$(id -u)" = 0 ]; then
        OWNER=postgres
        id -u postgres >/dev/null 2>&1 || OWNER=nobody
        chown "$OWNER" "$dir"
    fi
    chmod 700 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U hamle --auth=trust --encoding=UTF8 --no-locale \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    local opts="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=300"
    opts="$opts -c shared_buffers=64MB"
    if [ "$fast" = 1 ]; then
        opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    # A port taken between free_port and the bind is tried again with another one.
    local tries=0
    while :; do
        port="$(free_port)"
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-p $port $opts" start >/dev/null 2>&1; then
            break
        fi
        tries=$((tries + 1))
        if [ "$tries" -ge 3 ]; then
            echo "pg-temp: the server did not start:" >&2
            cat "$dir/server.log" >&2
            exit 1
        fi
    done
    local pid
    pid="$(head -n 1 "$dir/data/postmaster.pid")"
    echo "HAMLE_PG_URL=postgres://hamle@127.0.0.1:$port/postgres"
    echo "HAMLE_PG_PID=$pid"
    echo "HAMLE_PG_DIR=$dir"
}

stop() {
    local pid="${1:?stop PID DIR}" dir="${2:-}"
    if kill -INT "$pid" 2>/dev/null; then
        local i
        for i in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    fi
    # Only a directory this script made is removed.
    case "$dir" in
    */hamle-pg.*) rm -rf "$dir" ;;
    esac
}

case "${1:-}" in
start)
    shift
    start "$@"
    ;;
stop)
    shift
    stop "$@"
    ;;
*)
    sed -n '2,16s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
