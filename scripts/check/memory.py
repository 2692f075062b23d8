#!/usr/bin/env python3
"""The render memory budget under a burst of big animations (issue 20), against a live ringd.

Starts ringd (path in argv[1]) with --render-threads 4 and a small --render-memory-mb, sends N concurrent
distinct animated PNG requests (mixed styles) and meanwhile fetches /healthz and a cached picture every 20 ms on
connections of their own. Checks: every burst request gets its image, a 503 (queue full) or the 400 that names the
budget, none is lost; /healthz and the cached picture answer within 50 ms throughout; ringd's peak RSS (VmHWM)
stays within cache + budget + the constant ringd documents. Defaults fit a debug build in CI; the figures in
docs/reliability.md come from `--size 2048 --scale 2 --budget 400 --count 20 --duration 2` (60 frames each) on a
release build.

  scripts/check/memory.py PATH/TO/ringd [--size 768] [--scale 1] [--budget 40] [--count 20] [--duration 1]
"""
import argparse
import http.client
import os
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from ringd_harness import Ringd  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("ringd")
parser.add_argument("--size", type=int, default=768)
parser.add_argument("--scale", type=int, default=1)
parser.add_argument("--budget", type=int, default=40)
parser.add_argument("--count", type=int, default=20)
parser.add_argument("--cache-mb", type=int, default=8)
parser.add_argument("--duration", type=float, default=1, help="animation seconds (2 s makes the 60-frame maximum)")
args = parser.parse_args()

help_text = subprocess.run([args.ringd, "--help"], capture_output=True, text=True).stdout
constant = int(re.search(r"--render-memory-mb \+ (\d+) MiB", help_text).group(1))

ringd = Ringd(args.ringd, "--render-threads", 4, "--render-memory-mb", args.budget, "--cache-mb", args.cache_mb,
              "--render-queue", 64)
ringd.start()
server, port = ringd.process, ringd.port


def get(path, timeout=120):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
        return r.status, r.getheader("Content-Type", ""), body
    finally:
        c.close()


cached = "/ring.png?p=0.5&size=128"
get(cached)

styles = ["ring.png?p={p}&gradient=move", "petals.png?p=1", "activity.png?p={p},0.6,1.1", "pie.png?p={p}",
          "check.png?from=blue&ratio=0.{d}"]
results = []
lock = threading.Lock()


def burst(i):
    query = styles[i % len(styles)].format(p=f"0.{i + 10}", d=30 + i)
    path = f"/{query}&size={args.size}&scale={args.scale}&animate=1&duration={args.duration:g}"
    try:
        status, kind, body = get(path)
        outcome = ("image" if status == 200 and kind == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"
                   else "503" if status == 503 else "400-budget" if status == 400 and b"render memory budget" in body
                   else f"unexpected {status} {body[:120]!r}")
    except Exception as e:  # noqa: BLE001 - a lost request is what this check is for
        outcome = f"lost: {e}"
    with lock:
        results.append(outcome)


probe_worst = {"healthz": 0.0, "hit": 0.0}
probe_stop = threading.Event()


def probe():
    while not probe_stop.is_set():
        for name, path in (("healthz", "/healthz"), ("hit", cached)):
            t = time.time()
            status = get(path, 5)[0]
            took = time.time() - t
            probe_worst[name] = max(probe_worst[name], took if status == 200 else 99)
        time.sleep(0.02)


prober = threading.Thread(target=probe)
prober.start()
began = time.time()
threads = [threading.Thread(target=burst, args=(i,)) for i in range(args.count)]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=600)
probe_stop.set()
prober.join()
took = time.time() - began
hwm = int(re.search(r"VmHWM:\s+(\d+) kB", open(f"/proc/{server.pid}/status").read()).group(1)) / 1024
ringd.stop(grace=20)

bound = args.cache_mb + args.budget + constant
counts = {k: results.count(k) for k in sorted(set(results))}
print(f"{args.count} concurrent {args.size} px × {args.scale} APNGs of {args.duration:g} s in {took:.1f} s: {counts}")
print(f"peak RSS {hwm:.0f} MiB (bound: cache {args.cache_mb} + budget {args.budget} + constant {constant} = {bound} MiB); "
      f"worst /healthz {probe_worst['healthz'] * 1000:.0f} ms, worst cached picture {probe_worst['hit'] * 1000:.0f} ms")
problems = []
if len(results) != args.count or any(r not in ("image", "503", "400-budget") for r in results):
    problems.append(f"requests without an image, 503 or budget 400: {[r for r in results if r not in ('image', '503', '400-budget')]}")
if results.count("image") == 0:
    problems.append("no picture was drawn at all")
if hwm > bound:
    problems.append(f"peak RSS {hwm:.0f} MiB over the bound {bound} MiB")
for name, worst in probe_worst.items():
    if worst > 0.05:
        problems.append(f"{name} took {worst * 1000:.0f} ms at worst (limit 50 ms)")
for p in problems:
    print("FAIL", p)
sys.exit(1 if problems else 0)
