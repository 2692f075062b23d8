#!/usr/bin/env python3
"""SIGTERM under load: ringd must exit 0 within 5 s and never cut a response mid-body.

Starts ringd (path in argv[1]) on a free loopback port, runs wrk (if installed) plus 16 Python keep-alive
clients that pipeline requests and check every response against its Content-Length, sends SIGTERM after
1.5 s, and checks: exit status 0, exit within 5 s, no truncated response, at least one response carried
`Connection: close` or the connection closed cleanly between responses. Bounded in time and count; kills only
the processes it started.
"""
import os
import signal
import socket
import subprocess
import sys
import threading
import time

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/ringd"
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"])
deadline = time.time() + 10
while time.time() < deadline:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        break
    except OSError:
        time.sleep(0.05)

REQUEST = b"GET /ring?p=0.7&size=256 HTTP/1.1\r\nHost: x\r\n\r\n"
stop = threading.Event()
lock = threading.Lock()
stats = {"complete": 0, "truncated": 0, "close_headers": 0, "errors": 0}


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
sent = time.time()
server.send_signal(signal.SIGTERM)
try:
    code = server.wait(timeout=5)
    took = time.time() - sent
except subprocess.TimeoutExpired:
    server.kill()
    server.wait()
    code, took = None, None
stop.set()
for t in threads:
    t.join(timeout=6)
if wrk:
    wrk.wait(timeout=10)
    print("wrk:", " ".join(wrk.stdout.read().decode().split("\n")[-4:-1]))

print(f"exit status {code}, {took and round(took, 2)} s after SIGTERM; responses complete {stats['complete']}, "
      f"truncated {stats['truncated']}, with Connection: close {stats['close_headers']}, client timeouts {stats['errors']}")
problems = []
if code != 0:
    problems.append(f"exit status {code} (expected 0)")
if took is None or took > 5:
    problems.append("did not exit within 5 s")
if stats["truncated"]:
    problems.append(f"{stats['truncated']} responses cut mid-body")
if stats["complete"] < 100:
    problems.append("too few responses before the signal to mean anything")
for p in problems:
    print("FAIL", p)
sys.exit(1 if problems else 0)
