"""httpbin (from PyPI) plus the few endpoints the HTTPLoading integration tests need that httpbin lacks.

Served by gunicorn with one worker process, so the per-key sequences below are shared by all requests.
"""
import threading

from flask import Response, request
from httpbin import app

_sequences = {}
_lock = threading.Lock()


@app.route("/sequence/<key>")
def sequence(key):
    """Answers with the next status of ?statuses=429,503,200 for this key; Retry-After from ?retry_after."""
    statuses = [int(s) for s in request.args.get("statuses", "200").split(",")]
    with _lock:
        index = _sequences.get(key, 0)
        _sequences[key] = index + 1
    status = statuses[min(index, len(statuses) - 1)]
    headers = {"X-Attempt": str(index + 1)}
    if status in (429, 503) and "retry_after" in request.args:
        headers["Retry-After"] = request.args["retry_after"]
    return Response('{"attempt": %d}' % (index + 1), status=status, headers=headers, mimetype="application/json")


@app.route("/large/<int:size>")
def large(size):
    """Answers with `size` bytes (httpbin's /bytes stops at 100 KiB)."""
    size = min(size, 64 * 1024 * 1024)
    chunk = b"0123456789abcdef" * 4096
    def generate():
        left = size
        while left > 0:
            piece = chunk[: min(left, len(chunk))]
            left -= len(piece)
            yield piece
    return Response(generate(), mimetype="application/octet-stream", headers={"Content-Length": str(size)})
