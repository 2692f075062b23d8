#!/usr/bin/env python3
"""Cache-busting flood: --count distinct parameter sets as fast as ringd renders them, while a hot key is timed.

    scripts/check/flood.py path/to/ringd --count 1000000      # the long run
    scripts/check/flood.py path/to/ringd --count 20000        # a short one

--connections keep-alive connections (from --processes client processes) pipeline --pipeline requests at a
time; every request is a picture not asked for before (small SVG rings: p in thousandths × size 16…, so each
is a real cache miss and a real render). Meanwhile one more process asks for a hot key (/ring?p=0.7) every
10 ms on its own connection, first for --baseline seconds before the flood, then throughout it.

Checks: every flood response is 200 (no 503: a connection holds at most one request in the renderer, so
--connections stays far below the render queue); ringd's anonymous RSS (its heap, without the file-backed pages
of memory-mapped fonts and libraries), sampled every second, stays under --cache-mb + 64 MiB; the cache's own byte count stays within --cache-mb; the hot key stays a hit (its
latency percentiles before and during the flood are printed, and p99 during the flood must stay under
--hot-p99-ms, default 50 ms); ringd exits 0 on SIGTERM. Loopback only; bounded by --max-seconds; stops only
its own processes.
"""

import argparse
import multiprocessing
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import ringd_harness as rh  # noqa: E402

HOT = "/ring?p=0.7"
SIZES = 100  # size 16…115; p in thousandths 0…10 gives 10 001 values, so 1 000 100 distinct pictures


def flood_target(index):
    return f"/ring?p={(index // SIZES) / 1000:.3f}&size={16 + index % SIZES}"


def flood(port, indices, pipeline, stop_at, done, results):
    """Sends the pictures of `indices` (a range) on one keep-alive connection, `pipeline` at a time."""
    statuses, broken, examples = {}, 0, []
    position = indices.start
    while position < indices.stop and time.monotonic() < stop_at:
        try:
            sock = rh.connect(port, timeout=30)
            reader = rh.ResponseReader(sock)
            while position < indices.stop and time.monotonic() < stop_at:
                batch = range(position, min(position + pipeline, indices.stop))
                sock.sendall(b"".join(rh.get_bytes(flood_target(i)) for i in batch))
                for i in batch:
                    response = reader.read()
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                    if response.status != 200 and len(examples) < 5:
                        examples.append(f"{response.status} for {flood_target(i)}")
                position = batch.stop
                with done.get_lock():
                    done.value += len(batch)
            sock.close()
        except (OSError, EOFError, ValueError) as error:
            broken += 1
            if len(examples) < 5:
                examples.append(f"connection broke at {position}: {error!r}")
            if broken > 20:
                break
    results.put({"statuses": statuses, "broken": broken, "examples": examples})


def percentiles(values):
    if not values:
        return {}
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]  # noqa: E731
    return {"n": len(values), "p50": pick(0.50), "p90": pick(0.90), "p99": pick(0.99), "max": values[-1]}


def fmt(stats):
    return (f"n={stats['n']} p50 {stats['p50']:.2f} ms, p90 {stats['p90']:.2f} ms, p99 {stats['p99']:.2f} ms, "
            f"max {stats['max']:.1f} ms") if stats else "no samples"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--count", type=int, default=1_000_000, help="distinct pictures to request (1 000 000)")
    parser.add_argument("--cache-mb", type=int, default=64, help="ringd --cache-mb (64)")
    parser.add_argument("--processes", type=int, default=4, help="flood client processes (4)")
    parser.add_argument("--connections", type=int, default=8, help="flood connections in all (8)")
    parser.add_argument("--pipeline", type=int, default=8, help="requests in flight per connection (8)")
    parser.add_argument("--baseline", type=float, default=5, help="seconds of hot-key timing before the flood (5)")
    parser.add_argument("--hot-p99-ms", type=float, default=50, help="largest hot-key p99 during the flood (50)")
    parser.add_argument("--max-seconds", type=float, default=7200, help="give up after this long (7200)")
    args = parser.parse_args()
    if args.count > SIZES * 10_001:
        parser.error(f"--count at most {SIZES * 10_001} distinct pictures")

    started = time.monotonic()
    failures = 0
    bound = (args.cache_mb + 64) << 20
    with rh.Ringd(args.binary, "--cache-mb", args.cache_mb) as ringd:
        rss_start, total_start = ringd.anonymous_rss_bytes(), ringd.rss_bytes()
        hard_stop = started + args.max_seconds
        results, hot_results = multiprocessing.Queue(), multiprocessing.Queue()
        hot_stop = multiprocessing.Value("d", hard_stop)
        probe = multiprocessing.Process(target=hot_probe_until, args=(ringd.port, hot_stop, hot_results), daemon=True)
        probe.start()
        time.sleep(args.baseline)
        flood_began = time.monotonic()
        done = multiprocessing.Value("q", 0)
        share = -(-args.count // args.connections)
        clients = []
        for c in range(args.connections):
            indices = range(c * share, min(args.count, (c + 1) * share))
            clients.append(multiprocessing.Process(
                target=flood, args=(ringd.port, indices, args.pipeline, hard_stop, done, results), daemon=True))
        for client in clients:
            client.start()
        rss_samples, next_report = [], time.monotonic() + 30
        while any(c.is_alive() for c in clients) and time.monotonic() < hard_stop and ringd.alive():
            time.sleep(1)
            rss_samples.append((time.monotonic(), ringd.anonymous_rss_bytes()))
            if time.monotonic() >= next_report:
                next_report += 60
                rate = done.value / (time.monotonic() - flood_began)
                print(f"  {time.monotonic() - flood_began:6.0f} s: {done.value} pictures ({rate:.0f}/s), "
                      f"RSS {rh.mib(rss_samples[-1][1])}", flush=True)
        flood_ended = time.monotonic()
        with hot_stop.get_lock():
            hot_stop.value = 0
        crashed = not ringd.alive()
        totals = {"statuses": {}, "broken": 0, "examples": []}
        for _ in clients:
            try:
                r = results.get(timeout=30)
            except Exception:
                totals["broken"] += 1
                continue
            for status, n in r["statuses"].items():
                totals["statuses"][status] = totals["statuses"].get(status, 0) + n
            totals["broken"] += r["broken"]
            totals["examples"] += r["examples"]
        try:
            samples = hot_results.get(timeout=30)
        except Exception:
            samples = []
        for process in clients + [probe]:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()

        before = percentiles([ms for t, ms, _ in samples if t < flood_began])
        during = percentiles([ms for t, ms, _ in samples if flood_began <= t < flood_ended])
        hot_bad = sum(status != 200 for _, _, status in samples)
        sent = sum(totals["statuses"].values())
        elapsed = flood_ended - flood_began
        peak = max((rss for _, rss in rss_samples), default=rss_start)
        metrics = {} if crashed else {name: ringd.metric(name) for name in (
            "ringd_cache_misses_total", "ringd_cache_hits_total", "ringd_cache_evictions_total",
            "ringd_cache_bytes", "ringd_cache_entries", "ringd_overload_rejections_total")}
        print(f"flood: {sent} distinct pictures in {elapsed:.0f} s ({sent / max(elapsed, 1e-9):.0f}/s) on "
              f"{args.connections} connections × {args.pipeline} pipelined; statuses "
              + ", ".join(f"{s}: {n}" for s, n in sorted(totals["statuses"].items())), flush=True)
        print("ringd metrics: " + ", ".join(f"{k.removeprefix('ringd_')} {v and int(v)}" for k, v in metrics.items()))
        print(f"anonymous RSS at start {rh.mib(rss_start)}, at the end {rh.mib(rss_samples[-1][1] if rss_samples else rss_start)}, "
              f"peak {rh.mib(peak)}; bound --cache-mb {args.cache_mb} + 64 = {rh.mib(bound)} "
              f"(total RSS with the mapped fonts and libraries: {rh.mib(total_start)} at start, "
              f"{rh.mib(ringd.rss_bytes()) if not crashed else '?'} at the end)", flush=True)
        print(f"hot key {HOT} before the flood: {fmt(before)}")
        print(f"hot key {HOT} during the flood: {fmt(during)}")
        for example in totals["examples"][:10]:
            print(f"  e.g. {example}")
        failures += rh.report(not crashed, "ringd ran throughout")
        failures += rh.report(sent == args.count and totals["statuses"].get(200, 0) == sent and not totals["broken"],
                              f"all {args.count} flood requests got 200 ({sent} answered, {totals['broken']} broken)")
        cache_bytes = metrics.get("ringd_cache_bytes") or 0
        failures += rh.report(cache_bytes <= args.cache_mb << 20, f"cache within its bound ({rh.mib(cache_bytes)})")
        failures += rh.report(peak <= bound, f"peak anonymous RSS {rh.mib(peak)} ≤ {rh.mib(bound)}")
        failures += rh.report(during and hot_bad == 0 and during["p99"] <= args.hot_p99_ms,
                              f"hot key stays fast: p99 {during.get('p99', float('nan')):.2f} ms ≤ {args.hot_p99_ms} ms, "
                              f"{hot_bad} non-200")
        status = ringd.stop()
        failures += rh.report(status == 0, f"ringd exit status {status} after SIGTERM")
    print(f"check-flood: {args.count} pictures, {time.monotonic() - started:.0f} s in all, "
          f"{'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


def hot_probe_until(port, stop_value, results):
    """hot_probe with a stop time the parent can move (a shared double)."""
    samples = []
    sock = rh.connect(port, timeout=30)
    reader = rh.ResponseReader(sock)
    request = rh.get_bytes(HOT)
    while time.monotonic() < stop_value.value:
        began = time.monotonic()
        try:
            sock.sendall(request)
            response = reader.read()
            samples.append((began, (time.monotonic() - began) * 1000, response.status))
        except (OSError, EOFError, ValueError):
            samples.append((began, float("inf"), 0))
            sock = rh.connect(port, timeout=30)
            reader = rh.ResponseReader(sock)
        time.sleep(max(0.0, 0.01 - (time.monotonic() - began)))
    sock.close()
    results.put(samples)


if __name__ == "__main__":
    sys.exit(main())
