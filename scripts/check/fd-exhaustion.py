#!/usr/bin/env python3
"""File-descriptor exhaustion: ringd under `ulimit -n 256` with 400 clients connected.

    scripts/check/fd-exhaustion.py path/to/ringd [--limit 256] [--clients 400] [--window 4]

ringd starts with RLIMIT_NOFILE 256 (set in the child before exec, as `ulimit -n 256` would). 400 clients
connect and stay; ringd can accept only about 245 of them, the rest wait in the listen backlog while accept()
fails with EMFILE. Checks:
- ringd stays up and answers a request on connections it did accept;
- it does not spin on the listener: its CPU time (utime + stime of all threads, /proc/<pid>/stat) over a
  --window of seconds stays under --cpu-bound (default 5 % of one core, i.e. 0.2 s in 4 s; a spinning accept
  loop burns a whole core, ~4 s);
- once the clients leave, it serves normally again (every one of 50 fresh requests gets 200) and its open
  descriptors return to the baseline.
Loopback only; every wait bounded; stops only its own ringd.
"""

import argparse
import os
import pathlib
import socket
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import ringd_harness as rh  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--limit", type=int, default=256, help="ringd's RLIMIT_NOFILE (256)")
    parser.add_argument("--clients", type=int, default=400, help="connections held open (400)")
    parser.add_argument("--window", type=float, default=4.0, help="seconds of CPU measurement (4)")
    parser.add_argument("--cpu-bound", type=float, default=0.05, help="largest CPU share of one core (0.05)")
    args = parser.parse_args()
    rh.raise_nofile(args.clients + 256)
    started = time.monotonic()
    failures = 0
    with rh.Ringd(args.binary, nofile=args.limit) as ringd:
        for _ in range(5):
            rh.request_once(ringd.port, "/ring?p=0.5")
        time.sleep(0.3)
        baseline = ringd.open_fds()
        print(f"ringd pid {ringd.pid} with RLIMIT_NOFILE {args.limit}: baseline {baseline} descriptors", flush=True)

        clients = []
        refused = 0
        for _ in range(args.clients):
            try:
                clients.append(socket.create_connection((rh.HOST, ringd.port), timeout=5))
            except OSError:
                refused += 1
        deadline = time.monotonic() + 10
        while ringd.open_fds() < args.limit - 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # let the accept back-off settle
        held = ringd.open_fds()
        print(f"{len(clients)} clients connected ({refused} refused by the kernel); ringd holds {held} of "
              f"{args.limit} descriptors", flush=True)
        failures += rh.report(held >= args.limit - 8, f"ringd is out of descriptors ({held}/{args.limit})")

        cpu_before = ringd.cpu_seconds()
        time.sleep(args.window)
        cpu = ringd.cpu_seconds() - cpu_before
        bound = args.cpu_bound * args.window
        print(f"CPU time over {args.window:.0f} s while out of descriptors: {cpu:.3f} s "
              f"({100 * cpu / args.window:.1f} % of one core)", flush=True)
        failures += rh.report(cpu <= bound, f"no spinning on accept: {cpu:.3f} s ≤ {bound:.2f} s of CPU")
        failures += rh.report(ringd.alive(), "ringd stays up while out of descriptors")

        # The connections ringd did accept are served: ask on the first ones (accepted in connect order).
        served = 0
        for sock in clients[:20]:
            try:
                sock.settimeout(5)
                sock.sendall(rh.get_bytes("/ring?p=0.5"))
                served += rh.ResponseReader(sock).read().status == 200
            except (OSError, EOFError, ValueError):
                pass
        failures += rh.report(served == min(20, len(clients)), f"accepted connections are served ({served}/20)")

        for sock in clients:
            sock.close()
        statuses = []
        deadline = time.monotonic() + 20
        while len(statuses) < 50 and time.monotonic() < deadline:
            try:
                statuses.append(rh.request_once(ringd.port, f"/ring?p=0.{len(statuses):02}", timeout=5)[0])
            except OSError:
                time.sleep(0.1)
        ok = sum(status == 200 for status in statuses)
        failures += rh.report(ok == 50, f"serves normally once the clients left ({ok}/50 requests got 200)")
        deadline = time.monotonic() + 10
        fds = ringd.open_fds()
        while fds > baseline and time.monotonic() < deadline:
            time.sleep(0.1)
            fds = ringd.open_fds()
        failures += rh.report(fds <= baseline, f"descriptors back to the baseline ({fds} vs {baseline})")
        status = ringd.stop()
        failures += rh.report(status == 0, f"ringd exit status {status} after SIGTERM")
    print(f"check-fd-exhaustion: {args.clients} clients against {args.limit} descriptors, "
          f"{time.monotonic() - started:.1f} s, {'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
