#!/usr/bin/env python3
"""SIGTERM under load: ringd drains, then exits 0, and never cuts a response mid-body.

Starts ringd (path in argv[1]) on a loopback port (scripts/lib/ringd_harness.py) with `--drain-seconds 1`, runs wrk (if installed) plus 16
Python keep-alive clients that pipeline requests and check every response against its Content-Length, sends
SIGTERM after 1.5 s, and checks: `/readyz` answers 200 before and 503 within 100 ms after the signal; during the
drain `/healthz` stays 200, a new connection is still served and the clients' responses keep completing; then
exit status 0 within the drain plus 5 s, no truncated response. Bounded in time and count; kills only the
processes it started.
"""
import os
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from ringd_harness import Ringd  # noqa: E402

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/ringd"
DRAIN = 1.0
ringd = Ringd(binary, "--drain-seconds", int(DRAIN))
ringd.start()
server, port = ringd.process, ringd.port

REQUEST = b"GET /ring?p=0.7&size=256 HTTP/1.1\r\nHost: x\r\n\r\n"
stop = threading.Event()
lock = threading.Lock()
stats = {"complete": 0, "truncated": 0, "close_headers": 0, "errors": 0}
completed_at = []


def status_of(path):
    """The status code of one GET on a fresh connection, or None when nothing answers."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as c:
            c.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            head = c.recv(64)
            return int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else None
    except OSError:
        return None


def client():
    while not stop.is_set():
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            return  # listener closed: shutdown has begun
        buf = b""
        try:
            while not stop.is_set():
                sock.sendall(REQUEST * 4)
                for _ in range(4):
                    while b"\r\n\r\n" not in buf:
                        chunk = sock.recv(65536)
                        if not chunk:
                            raise EOFError
                        buf += chunk
                    head, buf = buf.split(b"\r\n\r\n", 1)
                    length = 0
                    closing = False
                    for line in head.split(b"\r\n")[1:]:
                        name, _, value = line.partition(b":")
                        if name.strip().lower() == b"content-length":
                            length = int(value)
                        if name.strip().lower() == b"connection" and b"close" in value.lower():
                            closing = True
                    while len(buf) < length:
                        chunk = sock.recv(65536)
                        if not chunk:
                            with lock:
                                stats["truncated"] += 1
                            raise EOFError
                        buf += chunk
                    buf = buf[length:]
                    with lock:
                        stats["complete"] += 1
                        stats["close_headers"] += closing
                        completed_at.append(time.time())
                    if closing:
                        raise EOFError
        except (EOFError, ConnectionResetError, BrokenPipeError):
            pass
        except socket.timeout:
            with lock:
                stats["errors"] += 1
        finally:
            sock.close()


wrk = None
if subprocess.call(["which", "wrk"], stdout=subprocess.DEVNULL) == 0:
    wrk = subprocess.Popen(["wrk", "-t1", "-c32", "-d4s", f"http://127.0.0.1:{port}/ring?p=0.7"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
threads = [threading.Thread(target=client, daemon=True) for _ in range(16)]
for t in threads:
    t.start()
time.sleep(1.5)
ready_before = status_of("/readyz")
sent = time.time()
server.send_signal(signal.SIGTERM)
# /readyz must flip at once: a load balancer polls it to stop sending new requests.
flipped = None
while time.time() - sent < 1:
    if status_of("/readyz") == 503:
        flipped = time.time() - sent
        break
    time.sleep(0.005)
time.sleep(max(0.0, sent + DRAIN / 2 - time.time()))
healthz_during = status_of("/healthz")
image_during = status_of("/ring?p=0.3")
try:
    code = server.wait(timeout=DRAIN + 5)
    took = time.time() - sent
except subprocess.TimeoutExpired:
    code, took = None, None
ringd.stop()
stop.set()
for t in threads:
    t.join(timeout=6)
if wrk:
    wrk.wait(timeout=10)
    print("wrk:", " ".join(wrk.stdout.read().decode().split("\n")[-4:-1]))

print(f"exit status {code}, {took and round(took, 2)} s after SIGTERM; responses complete {stats['complete']}, "
      f"truncated {stats['truncated']}, with Connection: close {stats['close_headers']}, client timeouts {stats['errors']}")
served_in_drain = sum(1 for t in completed_at if sent + 0.2 <= t <= sent + DRAIN - 0.1)
print(f"drain: /readyz {ready_before} before the signal, 503 after {flipped and round(flipped * 1000)} ms; "
      f"during the drain /healthz {healthz_during}, a new image request {image_during}, "
      f"{served_in_drain} client responses completed")
problems = []
if ready_before != 200:
    problems.append(f"/readyz answered {ready_before} before the signal (expected 200)")
if flipped is None or flipped > 0.1:
    problems.append(f"/readyz did not answer 503 within 100 ms of SIGTERM ({flipped})")
if healthz_during != 200:
    problems.append(f"/healthz answered {healthz_during} during the drain (expected 200 until exit)")
if image_during != 200:
    problems.append(f"a new connection got {image_during} during the drain (expected 200: ringd serves on)")
if served_in_drain < 10:
    problems.append(f"only {served_in_drain} responses completed during the drain")
if code != 0:
    problems.append(f"exit status {code} (expected 0)")
if took is None or took > DRAIN + 5:
    problems.append(f"did not exit within {DRAIN + 5:g} s")
if took is not None and took < DRAIN:
    problems.append(f"exited {took:.2f} s after SIGTERM, before the {DRAIN:g} s drain was over")
if stats["truncated"]:
    problems.append(f"{stats['truncated']} responses cut mid-body")
if stats["complete"] < 100:
    problems.append("too few responses before the signal to mean anything")
for p in problems:
    print("FAIL", p)
sys.exit(1 if problems else 0)
