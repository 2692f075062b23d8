#!/usr/bin/env python3
"""Fair under abuse (issue 38): heavy renders from one address must not delay another address's cheap pictures,
renders whose clients left must be dropped, and /readyz must say when the render queue is saturated.

    scripts/check-fairness.py path/to/ringd                      # release figures (docs/reliability.md)
    scripts/check-fairness.py path/to/ringd --heavy 30 --render-queue 24 --size 256 --cheap 20 --cheap-p99-ms 400 \
        --hit-p99-ms 100 --big-size 1024                         # debug, CI (scripts/test)

Steps, each printing what it measured:
1. Flood: 127.0.0.1 opens --heavy connections, each asking a distinct animated PNG (size --size at scale 2). While
   they wait, 127.0.0.2 asks cheap SVG misses (distinct) and one cached hit, one at a time: their p99 must stay
   within --cheap-p99-ms and --hit-p99-ms. /readyz is polled from the start: it must answer 503 within 1 s of the
   queue filling.
2. Disconnect: every heavy client closes at once. At most 2 renders may complete afterwards (those already past
   half their frames); the rest must be counted in ringd_render_cancelled_total. /readyz must be 200 again within
   5 s.
3. Memory head of line: six APNGs that each need most of the render memory budget are queued; a cheap SVG miss must
   still answer within --cheap-p99-ms.
Only loopback addresses are used. Exits 1 when a bound is missed.
"""

import argparse
import pathlib
import re
import socket
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ringd_harness as rh  # noqa: E402

OTHER = "127.0.0.2"


def connect_from(source, port, timeout=10):
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect((rh.HOST, port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def timed_get(port, target, source=OTHER):
    """(status, ms) of one GET on a fresh connection from `source`."""
    start = time.monotonic()
    with connect_from(source, port) as sock:
        sock.sendall(rh.get_bytes(target, ["Connection: close"]))
        response = rh.ResponseReader(sock).read()
    return response.status, (time.monotonic() - start) * 1000


def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else float("nan")


def metrics(port):
    _, _, body = rh.request_once(port, "/metrics")
    return body.decode()


def counter(text, name, labels=""):
    match = re.search(rf"^{re.escape(name)}{re.escape(labels)} (\S+)$", text, re.M)
    return float(match.group(1)) if match else 0.0


def png_renders(text):
    return sum(float(v) for v in re.findall(r'^ringd_render_seconds_count\{style="ring",format="png"\} (\S+)$', text, re.M))


def readyz(port):
    return rh.request_once(port, "/readyz", timeout=5)[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--heavy", type=int, default=100, help="heavy APNG requests from one address")
    parser.add_argument("--size", type=int, default=1024, help="CSS px of the heavy APNGs (drawn at scale 2)")
    parser.add_argument("--cheap", type=int, default=40, help="cheap SVG misses from the other address")
    parser.add_argument("--cheap-p99-ms", type=float, default=100)
    parser.add_argument("--hit-p99-ms", type=float, default=10)
    parser.add_argument("--render-queue", type=int, default=64, help="ringd's --render-queue (/readyz turns 503 at 3/4)")
    parser.add_argument("--big-size", type=int, default=2048, help="CSS px of the six APNGs of step 3 (scale 2)")
    args = parser.parse_args()
    failures = []

    def check(ok, message):
        print(("ok   " if ok else "FAIL ") + message)
        if not ok:
            failures.append(message)

    if args.heavy < (args.render_queue * 3 + 3) // 4 + 2:
        parser.error("--heavy must fill 3/4 of --render-queue (plus the running renders) for /readyz to turn 503")
    with rh.Ringd(args.binary, "--render-queue", args.render_queue) as server:
        port = server.port
        hit = "/ring?p=0.5"
        rh.request_once(port, hit)
        # 1. The flood.
        started = time.monotonic()
        heavy = []
        for i in range(args.heavy):
            sock = connect_from(rh.HOST, port, timeout=600)
            sock.sendall(rh.get_bytes(f"/ring.png?p=0.{i:03}1&size={args.size}&scale=2&animate=1"))
            heavy.append(sock)
        sent = time.monotonic()
        first_busy = None
        while time.monotonic() - sent < 3 and first_busy is None:
            if readyz(port) == 503:
                first_busy = time.monotonic() - sent
            else:
                time.sleep(0.02)
        check(first_busy is not None and first_busy <= 1.0,
              f"/readyz 503 {first_busy if first_busy is None else round(first_busy * 1000)} ms after {args.heavy} "
              f"heavy requests were sent (sending took {round((sent - started) * 1000)} ms; bound 1000 ms)")
        cheap_ms, hit_ms = [], []
        for i in range(args.cheap):
            status, ms = timed_get(port, f"/ring.svg?p=0.{i:03}7")
            cheap_ms.append(ms)
            check_status = status == 200
            status_hit, ms_hit = timed_get(port, hit)
            hit_ms.append(ms_hit)
            if not (check_status and status_hit == 200):
                failures.append(f"cheap miss {status}, hit {status_hit}")
        text = metrics(port)
        queued_note = f"{int(counter(text, 'ringd_cache_misses_total'))} misses so far"
        check(p99(cheap_ms) <= args.cheap_p99_ms,
              f"cheap SVG misses from {OTHER} during the flood: p99 {p99(cheap_ms):.1f} ms, max {max(cheap_ms):.1f} ms "
              f"(bound {args.cheap_p99_ms} ms; {queued_note})")
        check(p99(hit_ms) <= args.hit_p99_ms,
              f"hits from {OTHER} during the flood: p99 {p99(hit_ms):.1f} ms (bound {args.hit_p99_ms} ms)")
        # 2. Every heavy client leaves at once.
        before = metrics(port)
        done_before = png_renders(before)
        for sock in heavy:
            sock.close()
        left = time.monotonic()
        back = None
        while time.monotonic() - left < 10 and back is None:
            if readyz(port) == 200:
                back = time.monotonic() - left
            else:
                time.sleep(0.05)
        check(back is not None and back <= 5.0,
              f"/readyz 200 again {back if back is None else round(back * 1000)} ms after the disconnect (bound 5000 ms)")
        # Wait for the renders under way to stop or finish.
        deadline, last = time.monotonic() + 120, None
        while time.monotonic() < deadline:
            text = metrics(port)
            settled = counter(text, "ringd_render_cancelled_total") + png_renders(text)
            if settled == last:
                break
            last = settled
            time.sleep(1.5)
        text = metrics(port)
        completed = png_renders(text) - done_before
        cancelled = counter(text, "ringd_render_cancelled_total")
        check(completed <= 2, f"renders completed after the disconnect: {int(completed)} (bound 2); "
                              f"cancelled: {int(cancelled)} of {args.heavy}")
        # 3. Six APNGs that each take most of the memory budget, then a cheap miss.
        big = []
        for i in range(6):
            sock = connect_from(rh.HOST, port, timeout=600)
            sock.sendall(rh.get_bytes(f"/ring.png?p=0.{i}3&size={args.big_size}&scale=2&animate=1"))
            big.append(sock)
        time.sleep(0.5)  # let them reach the pool: one runs, the others wait for memory
        ms = [timed_get(port, f"/ring.svg?p=0.{i:03}9")[1] for i in range(10)]
        check(max(ms) <= args.cheap_p99_ms,
              f"cheap SVG misses behind six {args.big_size * 2} px APNGs: max {max(ms):.1f} ms (bound {args.cheap_p99_ms} ms)")
        for sock in big:
            sock.close()
        alive = server.alive()
        check(alive, "ringd still running")
    print(f"check-fairness: {'FAILED: ' + '; '.join(failures) if failures else 'all bounds held'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
