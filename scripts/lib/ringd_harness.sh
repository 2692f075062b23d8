# Sourced by the bash scripts that test a live ringd (the shell side of scripts/lib/ringd_harness.py):
#
#   . scripts/lib/ringd_harness.sh
#   start_ringd LOG BINARY [ringd arguments...]   # sets started_pid and started_port
#   stop_ringd PID                                # SIGTERM, then waits (SIGKILL after 10 s); returns its status
#
# ringd listens on 127.0.0.1 with --port 0: the kernel picks a free port and ringd logs it ("ringd listening on
# http://127.0.0.1:PORT/"), so no port is picked here and then lost to another process before ringd binds it.
# The log level is info unless the arguments name one (the listening line is logged at info), and ringd's
# output goes to LOG. Every wait is bounded (RINGD_START_TIMEOUT seconds, 60 by default, for a loaded machine).

start_ringd() {
    local log=$1 binary=$2
    shift 2
    local level=(--log-level info)
    case " $* " in *" --log-level "*) level=() ;; esac
    "$binary" --host 127.0.0.1 --port 0 "${level[@]}" "$@" >"$log" 2>&1 &
    started_pid=$!
    started_port=""
    local deadline=$((SECONDS + ${RINGD_START_TIMEOUT:-60}))
    while [ "$SECONDS" -lt "$deadline" ]; do
        started_port=$(grep -m1 -oE 'listening on http://[^ "]*:[0-9]+/' "$log" 2>/dev/null | sed -E 's/.*:([0-9]+)\/$/\1/') || true
        [ -n "$started_port" ] && return 0
        if ! kill -0 "$started_pid" 2>/dev/null; then
            echo "ringd exited at start; its log ($log):" >&2
            cat "$log" >&2
            return 1
        fi
        sleep 0.05
    done
    echo "ringd did not report its port within ${RINGD_START_TIMEOUT:-60} s; its log ($log):" >&2
    cat "$log" >&2
    kill -KILL "$started_pid" 2>/dev/null || true
    return 1
}

stop_ringd() {
    local pid=$1 waited=0
    kill -TERM "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 200 ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    kill -KILL "$pid" 2>/dev/null || true
    local status=0
    wait "$pid" 2>/dev/null || status=$?
    return "$status"
}
