#!/usr/bin/env python3
"""Logs as an operator's log shipper reads them (issue 20): `--log-format json --access-log`.

Starts ringd (path in argv[1]) with standard error to a file, runs the whole bad-request catalogue against it
(scripts/check/catalogue.py --port), then a few hostile requests: a target with percent-encoded CR and LF,
raw quotes and a 7 KB query; a 10 KB target (414); a request line with a bare CR (400). Stops ringd with SIGINT
and checks: every line of standard error parses as one JSON object with time, level, label and message; every
access line has method, route, status and cache, and every 400 for a bad parameter its parameter and reason; the hostile targets are cut to 256 bytes and the protocol
errors are logged with their reason. Then the same requests with `--log-format text` must give exactly one line
each. Exits 1 on any failure.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from ringd_harness import Ringd  # noqa: E402

binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "ringd")


def start(fmt, log_path):
    """ringd with its log (at info, the default level) in `log_path`; returns the running Ringd."""
    ringd = Ringd(binary, "--log-format", fmt, "--access-log", "--drain-seconds", 0, log_level="info",
                  log_path=log_path)
    ringd.start()
    return ringd


def stop(ringd):
    """SIGINT (the other signal ringd stops on), then the harness's bounded wait."""
    ringd.process.send_signal(signal.SIGINT)
    ringd.process.wait(timeout=10)
    ringd.stop()


def raw(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
        c.sendall(data)
        c.shutdown(socket.SHUT_WR)
        while c.recv(65536):
            pass


HOSTILE = "/ring?p=0.5&x=%0D%0A%22q%22" + "Z" * 7000
HOSTILE_REQUESTS = [
    f"GET {HOSTILE} HTTP/1.1\r\nHost: x\r\n\r\n".encode().replace(b"%22q%22", b'"q"'),
    f"GET /ring?p=0.5&x={'Y' * 10240} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
    b"GET /ring?p=0.5\r HTTP/1.1\r\nHost: x\r\n\r\n",
]

problems = []
work = tempfile.mkdtemp(prefix="ringd-logs-")

# JSON: the catalogue, then the hostile requests.
json_log = os.path.join(work, "json.log")
server = start("json", json_log)
port = server.port
catalogue = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "check", "catalogue.py"), "--port", str(port)],
                           capture_output=True, text=True)
print("catalogue:", catalogue.stdout.strip().splitlines()[-1] if catalogue.stdout.strip() else catalogue.stderr[-300:])
for request in HOSTILE_REQUESTS:
    raw(port, request)
time.sleep(0.3)
stop(server)

lines = open(json_log, "rb").read().decode("utf-8").split("\n")
if lines and lines[-1] == "":
    lines.pop()
access = []
for number, line in enumerate(lines, 1):
    try:
        obj = json.loads(line)
    except ValueError as e:
        problems.append(f"json.log line {number} is not JSON ({e}): {line[:200]!r}")
        continue
    if not isinstance(obj, dict) or not all(k in obj for k in ("time", "level", "label", "message")):
        problems.append(f"json.log line {number} lacks time/level/label/message: {line[:200]!r}")
        continue
    if obj["label"] == "ringd.access":
        access.append(obj)
        if not all(k in obj for k in ("method", "route", "status", "cache")):
            problems.append(f"access line {number} lacks a field: {line[:200]!r}")
longest = max((len(o.get("target", "").encode()) for o in access), default=0)
hostile = [o for o in access if o.get("target", "").startswith("/ring?p=0.5&x=%0D%0A")]
protocol = [o for o in access if o.get("route") == "-"]
print(f"json: {len(lines)} lines, all JSON: {not any('not JSON' in p for p in problems)}; {len(access)} access lines; "
      f"longest target {longest} bytes; protocol errors logged: {sorted(set(o['status'] for o in protocol))}")
if len(access) < 300:
    problems.append(f"only {len(access)} access lines for the catalogue's 380 requests and more")
if longest > 256:
    problems.append(f"a target of {longest} bytes was logged (at most 256)")
if len(hostile) != 1 or '"q"' not in hostile[0]["target"] or not hostile[0]["target"].endswith("…"):
    problems.append(f"the hostile target was not logged once, cut and with its quotes: {hostile[:1]}")
if not {400, 414} <= {o["status"] for o in protocol}:
    problems.append("the 414 and the bare-CR 400 (server-made) have no access line")
# Every 400 the app answered (a refused parameter) says which parameter and why.
refused = [o for o in access if o["status"] == 400 and o["route"] != "-"]
unexplained = [o for o in refused if not o.get("parameter") or not o.get("reason")]
print(f"json: {len(refused)} refused-parameter 400s, {len(refused) - len(unexplained)} naming the parameter and reason")
if len(refused) < 50 or unexplained:
    problems.append(f"400 access lines without parameter and reason: {len(unexplained)} of {len(refused)}: {unexplained[:2]}")

# Text: exactly one line per response, however hostile.
text_log = os.path.join(work, "text.log")
server = start("text", text_log)
port = server.port
for request in HOSTILE_REQUESTS:
    raw(port, request)
time.sleep(0.3)
stop(server)
text_access = [l for l in open(text_log, "rb").read().decode().split("\n") if " ringd.access: " in l]
print(f"text: {len(text_access)} access lines for {len(HOSTILE_REQUESTS)} hostile requests")
if len(text_access) != len(HOSTILE_REQUESTS):
    problems.append(f"text format: {len(text_access)} access lines for {len(HOSTILE_REQUESTS)} responses")

for p in problems:
    print("FAIL", p)
sys.exit(1 if problems else 0)
