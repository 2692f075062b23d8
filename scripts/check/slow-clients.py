#!/usr/bin/env python3
"""Slow and idle clients: N connections dribble a request head one byte per second and N keep-alive
connections sit idle after one request, while wrk sends normal traffic.

    scripts/check/slow-clients.py path/to/ringd                        # 2000 + 2000, deadlines 10 s / 15 s
    scripts/check/slow-clients.py path/to/ringd --connections 300 --header-timeout 3 --idle-timeout 4   # CI

Checks: wrk's p99 stays ≤ --p99-ms (20) in every slice of the run (normal traffic is served while the stalled
connections are held); ringd really holds every stalled connection (its descriptor count rises by 2N); after
the header deadline each dribbler gets 408 and a close, after the idle deadline each idle connection is
closed, none later than deadline + --slack; and ringd's open descriptors (/proc/<pid>/fd) return to the
baseline measured before. ringd runs with --header-timeout/--idle-timeout and enough descriptors; this
script raises its own RLIMIT_NOFILE. The stalled clients run in a child process at nice 10: on this 2-core
machine they share the CPUs with ringd and wrk, where real attackers would be elsewhere, and their Python loop
(thousands of sends, reads and closes a second) must not starve the server it measures. Loopback only; every
loop bounded in time; stops only its own ringd.
"""

import argparse
import json
import os
import pathlib
import selectors
import socket
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import ringd_harness as rh  # noqa: E402

HEAD = b"GET /ring?p=0.5&size=64 HTTP/1.1\r\nHost: slow.test\r\nUser-Agent: " + b"d" * 200 + b"\r\n\r\n"
IDLE_REQUEST = b"GET /ring?p=0.25&size=64 HTTP/1.1\r\nHost: idle.test\r\n\r\n"


class Stalled:
    """One stalled client socket and what became of it."""
    __slots__ = ("sock", "kind", "sent", "received", "opened", "closed_at", "error")

    def __init__(self, sock, kind):
        self.sock, self.kind, self.sent, self.received = sock, kind, 0, b""
        self.opened, self.closed_at, self.error = time.monotonic(), None, None


def open_dribblers(port, count):
    clients = []
    for _ in range(count):
        sock = socket.create_connection((rh.HOST, port), timeout=10)
        sock.setblocking(False)
        clients.append(Stalled(sock, "dribble"))
    return clients


def open_idlers(port, count, deadline):
    """Connections that made one request, read its 200, and now idle (kept alive)."""
    clients = []
    for _ in range(count):
        sock = socket.create_connection((rh.HOST, port), timeout=10)
        sock.sendall(IDLE_REQUEST)
        clients.append(Stalled(sock, "idle"))
    for client in clients:
        client.sock.settimeout(max(1, deadline - time.monotonic()))
        reader = rh.ResponseReader(client.sock)
        response = reader.read()
        if response.status != 200 or response.closes:
            raise RuntimeError(f"idle client's request got {response.status} (close: {response.closes})")
        client.opened = time.monotonic()  # the idle clock starts after the response
        client.sock.setblocking(False)
    return clients


def watch(clients, stop_at, dribble_interval=1.0):
    """Dribbles one byte per second on every dribbler and records when the server closes each socket."""
    selector = selectors.DefaultSelector()
    for client in clients:
        selector.register(client.sock, selectors.EVENT_READ, client)
    open_count = len(clients)
    next_dribble = time.monotonic()
    while open_count and time.monotonic() < stop_at:
        now = time.monotonic()
        if now >= next_dribble:
            for client in clients:
                if client.kind == "dribble" and client.closed_at is None and client.sent < len(HEAD) - 1:
                    try:
                        if client.sent == 0:
                            client.opened = time.monotonic()  # the header clock starts at the first byte
                        client.sent += client.sock.send(HEAD[client.sent:client.sent + 1])
                    except BlockingIOError:
                        pass
                    except OSError:
                        pass  # closed by the server: the read side records it
            next_dribble += dribble_interval
        for key, _ in selector.select(timeout=max(0.0, min(next_dribble, stop_at) - time.monotonic())):
            client = key.data
            try:
                chunk = client.sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError as error:
                chunk, client.error = b"", error
            if chunk:
                client.received += chunk
                continue
            client.closed_at = time.monotonic()
            selector.unregister(client.sock)
            client.sock.close()
            open_count -= 1
    selector.close()
    return open_count


class WrkSlices(threading.Thread):
    """Back-to-back `wrk --latency` runs of `slice_s` seconds until stopped; keeps every slice's figures."""

    def __init__(self, url, slice_s, connections):
        super().__init__(daemon=True)
        self.url, self.slice_s, self.connections = url, slice_s, connections
        self.slices, self.stop_event = [], threading.Event()

    def run(self):
        while not self.stop_event.is_set():
            figures, _ = rh.run_wrk(self.url, self.slice_s, connections=self.connections)
            figures["at"] = time.monotonic()
            self.slices.append(figures)


def drive(port, n, stop_after):
    """Child process: opens the stalled connections, says OPENED, watches them, prints the outcome as JSON."""
    os.nice(10)
    clients = open_dribblers(port, n)
    clients += open_idlers(port, n, deadline=time.monotonic() + 60)
    opened = time.monotonic()
    print(f"OPENED {opened}", flush=True)
    still_open = watch(clients, stop_at=opened + stop_after)
    print(json.dumps({"opened": opened, "still_open": still_open, "clients": [
        {"kind": c.kind, "opened": c.opened, "closed_at": c.closed_at, "received": c.received[:64].decode("latin-1")}
        for c in clients]}), flush=True)


class Outcome:
    """A stalled client as the driver reported it."""

    def __init__(self, record):
        self.kind, self.opened, self.closed_at = record["kind"], record["opened"], record["closed_at"]
        self.received = record["received"].encode("latin-1")


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--driver":
        rh.raise_nofile(2 * int(sys.argv[3]) + 256)
        return drive(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--connections", type=int, default=2000, help="dribbling and idle connections, each (2000)")
    parser.add_argument("--header-timeout", type=int, default=10, help="ringd --header-timeout, seconds (10)")
    parser.add_argument("--idle-timeout", type=int, default=15, help="ringd --idle-timeout, seconds (15)")
    parser.add_argument("--p99-ms", type=float, default=20.0, help="largest allowed wrk p99 per slice (20)")
    parser.add_argument("--slack", type=float, default=3.0, help="seconds a close may come after its deadline (3)")
    parser.add_argument("--wrk-connections", type=int, default=8)
    parser.add_argument("--slice", type=int, default=2, help="seconds per wrk slice (2)")
    args = parser.parse_args()
    if not rh.have("wrk"):
        rh.die("check-slow-clients: wrk is not installed")

    n = args.connections
    wanted_fds = 2 * n + 1024
    have_fds = rh.raise_nofile(wanted_fds)
    if have_fds < wanted_fds:
        rh.die(f"check-slow-clients: need {wanted_fds} descriptors, RLIMIT_NOFILE allows {have_fds}")
    started = time.monotonic()
    failures = 0
    with rh.Ringd(args.binary, "--header-timeout", args.header_timeout, "--idle-timeout", args.idle_timeout,
                  nofile=wanted_fds) as ringd:
        url = f"http://{rh.HOST}:{ringd.port}/ring?p=0.7"
        warm, _ = rh.run_wrk(url, 2, connections=args.wrk_connections)
        time.sleep(0.5)
        baseline_fds = ringd.open_fds()
        print(f"ringd pid {ringd.pid}: baseline {baseline_fds} descriptors; unloaded wrk p50 {warm['p50_ms']} ms, "
              f"p99 {warm['p99_ms']} ms; machine load average {os.getloadavg()[0]:.1f}", flush=True)

        wrk = WrkSlices(url, args.slice, args.wrk_connections)
        wrk.start()
        longest = max(args.header_timeout, args.idle_timeout)
        driver = subprocess.Popen(
            [sys.executable, __file__, "--driver", str(ringd.port), str(n), str(longest + args.slack + 2)],
            stdout=subprocess.PIPE, text=True)
        line = driver.stdout.readline()
        if not line.startswith("OPENED "):
            driver.kill()
            rh.die(f"check-slow-clients: the client driver failed: {line!r}")
        opened = float(line.split()[1])
        held_fds = ringd.open_fds()
        print(f"{n} dribbling + {n} idle connections open {opened - started:.1f} s after the start; "
              f"ringd holds {held_fds} descriptors ({held_fds - baseline_fds:+d})", flush=True)
        failures += rh.report(held_fds - baseline_fds >= 2 * n * 0.98,
                              f"ringd holds the stalled connections ({held_fds - baseline_fds} ≥ ~{2 * n})")

        try:
            result = json.loads(driver.communicate(timeout=longest + args.slack + 60)[0])
        except subprocess.TimeoutExpired:
            driver.kill()
            rh.die("check-slow-clients: the client driver did not finish")
        clients = [Outcome(record) for record in result["clients"]]
        still_open = result["still_open"]
        wrk.stop_event.set()
        wrk.join(timeout=args.slice + 35)

        dribblers = [c for c in clients if c.kind == "dribble"]
        idlers = [c for c in clients if c.kind == "idle"]
        got_408 = sum(c.received.startswith(b"HTTP/1.1 408 ") for c in dribblers)
        late_dribblers = [c for c in dribblers
                          if c.closed_at is None or c.closed_at - c.opened > args.header_timeout + args.slack]
        late_idlers = [c for c in idlers
                       if c.closed_at is None or c.closed_at - c.opened > args.idle_timeout + args.slack]
        early_idlers = [c for c in idlers if c.closed_at is not None and c.closed_at - c.opened < args.idle_timeout - 1.5]
        idle_with_data = sum(bool(c.received) for c in idlers)
        dribble_times = sorted(c.closed_at - c.opened for c in dribblers if c.closed_at)
        idle_times = sorted(c.closed_at - c.opened for c in idlers if c.closed_at)
        waves = [sorted(c.closed_at - opened for c in group if c.closed_at) for group in (dribblers, idlers)]
        print(f"closes after the connections opened: 408s at +{fmt_range(waves[0])} s, idle at +{fmt_range(waves[1])} s")
        print(f"dribblers closed after {fmt_range(dribble_times)} s (deadline {args.header_timeout} s), "
              f"{got_408}/{n} got 408; idle closed after {fmt_range(idle_times)} s (deadline {args.idle_timeout} s); "
              f"{still_open} never closed", flush=True)
        failures += rh.report(got_408 == n, f"every dribbler got 408 Request Timeout ({got_408}/{n})")
        failures += rh.report(not late_dribblers, f"every dribbler closed by deadline + {args.slack} s "
                                                  f"({len(late_dribblers)} late)")
        failures += rh.report(not late_idlers and not early_idlers and not idle_with_data,
                              f"every idle connection closed silently at its deadline ({len(late_idlers)} late, "
                              f"{len(early_idlers)} early, {idle_with_data} sent data)")

        p99s = [s["p99_ms"] for s in wrk.slices if s["p99_ms"] is not None]
        requests = sum(s["requests"] for s in wrk.slices)
        errors = sum(s["errors"] + s["non2xx"] for s in wrk.slices)
        print(f"wrk during the stall: {len(wrk.slices)} slices of {args.slice} s, {requests} requests, "
              f"p99 per slice {', '.join(f'{p:.1f}' for p in p99s)} ms; errors/non-2xx {errors}", flush=True)
        print("  slices (end time after the connections opened: requests, p99 ms): " + ", ".join(
            f"{s['at'] - opened:+.1f} s: {s['requests']}, {s['p99_ms']}" for s in wrk.slices), flush=True)
        failures += rh.report(p99s and max(p99s) <= args.p99_ms,
                              f"normal traffic p99 ≤ {args.p99_ms} ms throughout (worst {max(p99s, default=0):.1f} ms)")
        failures += rh.report(errors == 0 and requests > 0, f"normal traffic without errors ({errors})")

        deadline = time.monotonic() + 15
        fds = ringd.open_fds()
        while fds > baseline_fds and time.monotonic() < deadline:
            time.sleep(0.2)
            fds = ringd.open_fds()
        failures += rh.report(fds <= baseline_fds, f"ringd's descriptors back to the baseline ({fds} vs {baseline_fds})")
        failures += rh.report(ringd.alive(), "ringd still running")
        status = ringd.stop()
        failures += rh.report(status == 0, f"ringd exit status {status} after SIGTERM")
    print(f"check-slow-clients: {2 * n} stalled connections, {time.monotonic() - started:.1f} s, "
          f"{'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


def fmt_range(values):
    if not values:
        return "-"
    return f"{values[0]:.1f}…{values[-1]:.1f}"


if __name__ == "__main__":
    sys.exit(main())
