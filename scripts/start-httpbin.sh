#!/usr/bin/env bash
# Installs httpbin into .venv (once) and starts it on a free loopback port.
# Prints `export HTTPBIN_URL=...` and `export HTTPBIN_PID=...` for the caller to eval.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/gunicorn ] || ! .venv/bin/python -c "import httpbin" 2>/dev/null; then
    python3 -m venv .venv >&2
    .venv/bin/pip install --quiet --disable-pip-version-check httpbin gunicorn >&2
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p .build
PYTHONPATH=scripts nohup .venv/bin/gunicorn --bind "127.0.0.1:$port" --workers 1 --threads 32 \
    --timeout 120 httpbin_plus:app > .build/httpbin.log 2>&1 &
pid=$!
for _ in $(seq 1 100); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/get', timeout=1)" 2>/dev/null; then
        echo "export HTTPBIN_URL=http://127.0.0.1:$port"
        echo "export HTTPBIN_PID=$pid"
        exit 0
    fi
    sleep 0.2
done
echo "httpbin did not start; see .build/httpbin.log" >&2
kill "$pid" 2>/dev/null || true
exit 1
