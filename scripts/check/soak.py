#!/usr/bin/env python3
"""Soak: a churn of short and keep-alive connections, hits and misses, for a given time.

    scripts/check/soak.py path/to/ringd --duration 600      # the long run (10 minutes)
    scripts/check/soak.py path/to/ringd --duration 60       # CI

Worker processes ("short": connect, one request with Connection: close, close; "keep-alive": a random
1…64 requests per connection, sometimes pipelined; "reset": one keep-alive request, then a TCP reset) send a mix of cache hits (a small hot set),
misses (distinct p and size values, SVG and PNG), conditional requests (If-None-Match → 304), HEAD, and
deliberate errors (a bad parameter → 400, an unknown path → 404). ringd runs with a small cache (--cache-mb,
default 16). The same churn first warms ringd up until its cache is full and its RSS has grown less than 2 %
over the last 10 s (at least 10 s, at most --warmup seconds): the memory has reached its working size (cache,
error cache, URL map, allocator arenas of every thread), and growth after that is what a leak looks like.

Checks: ringd never exits (0 crashes) and exits 0 on SIGTERM at the end; every response is 2xx/304 except the
deliberate 400s and 404s (which must be exactly those); no connection breaks mid-exchange; RSS at the end is
less than 10 % above RSS after the warm-up. Prints RSS before/after/peak, request counts and rates.
Loopback only; bounded in time; stops only its own ringd and its own workers.
"""

import argparse
import multiprocessing
import os
import pathlib
import random
import socket
import struct
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import ringd_harness as rh  # noqa: E402

HOT = [f"/ring?p=0.{i}" for i in range(10)] + ["/activity?p=0.8,0.6,1.1", "/petals?p=0.8", "/pie?p=0.3",
                                               "/check", "/ring.png?p=0.7&size=64", "/healthz"]
DELIBERATE = {400: "/ring?p=nan", 404: "/no-such-route"}


def pick(rng, etags):
    """(method, target, extra headers, expected status or None for 'any 2xx/304')."""
    roll = rng.random()
    if roll < 0.55:
        return "GET", rng.choice(HOT), [], None
    if roll < 0.80:  # a miss: a picture nobody asked for yet (p to 4 decimals × size × format)
        target = f"/ring{rng.choice(['', '.png'])}?p={rng.random() * 1.2:.4f}&size={rng.randrange(16, 97)}"
        return "GET", target, [], None
    if roll < 0.88 and etags:
        target, etag = rng.choice(list(etags.items()))
        return "GET", target, [f"If-None-Match: {etag}"], 304
    if roll < 0.94:
        return "HEAD", rng.choice(HOT), [], None
    status = rng.choice(list(DELIBERATE))
    return "GET", DELIBERATE[status], [], status


def worker(kind, port, seed, stop_time, results):
    rng = random.Random(seed)
    counts = {"requests": 0, "connections": 0, "statuses": {}, "unexpected": 0, "broken": 0, "examples": []}
    etags = {}

    def record(status, expected, target):
        counts["requests"] += 1
        counts["statuses"][status] = counts["statuses"].get(status, 0) + 1
        good = status == expected if expected is not None else (200 <= status < 300 or status == 304)
        if not good:
            counts["unexpected"] += 1
            if len(counts["examples"]) < 5:
                counts["examples"].append(f"{status} for {target} (expected {expected or '2xx/304'})")

    while time.monotonic() < stop_time.value:
        stop_at = stop_time.value
        try:
            sock = rh.connect(port, timeout=10)
        except OSError as error:
            counts["broken"] += 1
            refused = counts.get("refused", 0) + 1
            counts["refused"] = refused
            if len(counts["examples"]) < 5:
                counts["examples"].append(f"connect: {error}")
            if refused >= 20:
                break  # ringd is gone; the parent reports the crash
            time.sleep(0.05)
            continue
        counts["connections"] += 1
        reader = rh.ResponseReader(sock)
        try:
            if kind == "short":
                method, target, headers, expected = pick(rng, etags)
                sock.sendall(rh.get_bytes(target, [*headers, "Connection: close"], method))
                response = reader.read(head_request=method == "HEAD")
                record(response.status, expected, target)
                if not reader.closed_by_peer(5):
                    counts["broken"] += 1
                    counts["examples"].append("no close after Connection: close")
            elif kind == "reset":
                # A keep-alive request, then a reset (SO_LINGER 0) instead of a close: the hang-up that
                # used to crash libdispatch when each socket had its own Dispatch source.
                method, target, headers, expected = pick(rng, etags)
                sock.sendall(rh.get_bytes(target, headers, method))
                response = reader.read(head_request=method == "HEAD")
                record(response.status, expected, target)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            else:
                for _ in range(rng.randrange(1, 65)):
                    if time.monotonic() >= stop_at:
                        break
                    batch = [pick(rng, etags) for _ in range(rng.choice([1, 1, 1, 4]))]  # sometimes pipelined
                    sock.sendall(b"".join(rh.get_bytes(t, h, m) for m, t, h, _ in batch))
                    for method, target, _, expected in batch:
                        response = reader.read(head_request=method == "HEAD")
                        record(response.status, expected, target)
                        etag = response.header("ETag")
                        if etag and response.status == 200 and len(etags) < 200:
                            etags[target] = etag
        except (OSError, EOFError, ValueError) as error:
            counts["broken"] += 1
            if len(counts["examples"]) < 5:
                counts["examples"].append(f"{kind} connection broke: {error!r}")
        finally:
            sock.close()
    results.put(counts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--duration", type=float, default=600, help="seconds of churn after the warm-up (600)")
    parser.add_argument("--warmup", type=float, default=120,
                        help="longest warm-up before the RSS baseline, seconds (120)")
    parser.add_argument("--workers", type=int, default=4,
                        help="client processes: short, keep-alive, resetting, keep-alive, short, … (4)")
    parser.add_argument("--cache-mb", type=int, default=16, help="ringd --cache-mb (16)")
    parser.add_argument("--rss-growth", type=float, default=0.10, help="largest RSS growth after warm-up (0.10)")
    parser.add_argument("--keep", metavar="DIR", help="run ringd in DIR with core dumps on and its log kept there "
                                                      "(default: a temporary directory, removed unless ringd crashed)")
    args = parser.parse_args()
    workdir = args.keep or tempfile.mkdtemp(prefix="ringd-soak-")

    started = time.monotonic()
    failures = 0
    with rh.Ringd(args.binary, "--cache-mb", args.cache_mb, log_path=os.path.join(workdir, "ringd.log"),
                  core_dir=workdir) as ringd:
        rss_start = ringd.rss_bytes()
        results = multiprocessing.Queue()
        # The workers run until told to stop: the warm-up's length is only known once it is over.
        stop_time = multiprocessing.Value("d", time.monotonic() + args.warmup + args.duration)
        workers = [multiprocessing.Process(target=worker, args=(
            ("short", "keep-alive", "reset", "keep-alive")[i % 4], ringd.port, 1000 + i, stop_time, results), daemon=True)
            for i in range(args.workers)]
        for process in workers:
            process.start()
        warm_began = time.monotonic()
        history = []
        while time.monotonic() - warm_began < args.warmup and ringd.alive():
            time.sleep(1)
            history.append(ringd.rss_bytes())
            cache_full = (ringd.metric("ringd_cache_bytes") or 0) >= 0.9 * (args.cache_mb << 20)
            if len(history) >= 10 and cache_full and history[-1] < 1.02 * history[-10]:
                break
        warmup = time.monotonic() - warm_began
        stop_at = time.monotonic() + args.duration
        with stop_time.get_lock():
            stop_time.value = stop_at
        rss_warm = ringd.rss_bytes()
        cache_warm = ringd.metric("ringd_cache_bytes") or 0
        print(f"ringd pid {ringd.pid}: RSS {rh.mib(rss_start)} at start, {rh.mib(rss_warm)} after a "
              f"{warmup:.0f} s warm-up (cache {rh.mib(cache_warm)} of {args.cache_mb} MiB)", flush=True)
        samples = []
        next_report = time.monotonic() + 60
        while time.monotonic() < stop_at:
            time.sleep(min(1.0, max(0.0, stop_at - time.monotonic())))
            if not ringd.alive():
                break
            samples.append(ringd.rss_bytes())
            if time.monotonic() >= next_report:
                next_report += 60
                print(f"  {time.monotonic() - started:5.0f} s: RSS {rh.mib(samples[-1])}", flush=True)
        crashed = not ringd.alive()
        totals = {"requests": 0, "connections": 0, "statuses": {}, "unexpected": 0, "broken": 0, "examples": []}
        for _ in workers:
            try:
                counts = results.get(timeout=30)
            except Exception:  # a worker that died sends nothing
                totals["broken"] += 1
                continue
            for key in ("requests", "connections", "unexpected", "broken"):
                totals[key] += counts[key]
            for status, n in counts["statuses"].items():
                totals["statuses"][status] = totals["statuses"].get(status, 0) + n
            totals["examples"] += counts["examples"]
        for process in workers:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
        rss_end = samples[-1] if samples else rss_warm
        growth = (rss_end - rss_warm) / rss_warm
        cache_end = ringd.metric("ringd_cache_bytes") if not crashed else None
        misses = ringd.metric("ringd_cache_misses_total") if not crashed else None
        elapsed = warmup + args.duration
        print(f"{totals['requests']} requests on {totals['connections']} connections in {elapsed:.0f} s "
              f"({totals['requests'] / elapsed:.0f}/s); statuses "
              + ", ".join(f"{s}: {n}" for s, n in sorted(totals["statuses"].items()))
              + f"; cache misses rendered {misses and int(misses)}", flush=True)
        print(f"RSS after warm-up {rh.mib(rss_warm)}, at the end {rh.mib(rss_end)} ({100 * growth:+.1f} %), "
              f"peak {rh.mib(max(samples, default=rss_warm))}; cache {cache_end and rh.mib(cache_end)}", flush=True)
        for example in totals["examples"][:10]:
            print(f"  e.g. {example}")
        failures += rh.report(not crashed, "0 crashes (ringd ran throughout)")
        if crashed:
            print(f"ringd exited with status {ringd.process.returncode}; its log and core are in {workdir}:")
            for line in ringd.crash_report():
                print(f"  | {line}")
        failures += rh.report(totals["unexpected"] == 0,
                              f"0 unexpected statuses ({totals['unexpected']}); deliberate 400/404 only")
        failures += rh.report(totals["broken"] == 0, f"0 broken connections ({totals['broken']})")
        failures += rh.report(growth < args.rss_growth, f"RSS growth after warm-up {100 * growth:+.1f} % "
                                                        f"< {100 * args.rss_growth:.0f} %")
        status = ringd.stop()
        failures += rh.report(status == 0, f"ringd exit status {status} after SIGTERM")
    if not failures and not args.keep:
        for name in os.listdir(workdir):
            os.remove(os.path.join(workdir, name))
        os.rmdir(workdir)
    print(f"soak: {args.duration:.0f} s (+{warmup:.0f} s warm-up), {time.monotonic() - started:.0f} s in all, "
          f"{'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
