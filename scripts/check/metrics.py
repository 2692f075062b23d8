#!/usr/bin/env python3
"""/metrics against Prometheus' conventions, on a real ringd under a short wrk run (issue 39).

Starts ringd (path in argv[1]) with one render thread, scrapes /metrics, runs wrk for a few seconds on distinct
PNG misses (so renders queue up) while scraping every 0.1 s, then scrapes again. Checks:
  - `promtool check metrics` (Debian's prometheus package) finds nothing in either scrape;
  - the conventional series exist: ringd_http_request_duration_seconds (by route and status_class),
    process_cpu_seconds_total, process_resident_memory_bytes, process_open_fds, process_max_fds,
    process_start_time_seconds, ringd_build_info{version,renderer} 1 (the version `ringd --version` prints),
    ringd_render_queue_depth and ringd_render_queue_capacity;
  - they move: the ring 2xx duration count grows by at least the responses wrk counted, CPU seconds grow, the
    queue depth seen during the run is above 0 and never above the capacity, the start time is within the run.
Prints the figures it read. Exits 1 on a failure, 2 when wrk or promtool is missing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from ringd_harness import Ringd  # noqa: E402
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "ringd")
#: Seconds of load.
DURATION = 4
QUEUE = 32
LUA = """
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/ring.png?p=" .. (counter % 100000) / 100000 .. "&size=256&label=auto")
end
"""


def scrape(base):
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        return r.read().decode()


def samples(text):
    """{'name{labels}': value} for every sample line."""
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            out[key] = float(value)
    return out


def lint(text, what, problems):
    result = subprocess.run(["promtool", "check", "metrics"], input=text.encode(), capture_output=True)
    findings = (result.stdout + result.stderr).decode().strip()
    if result.returncode != 0 or findings:
        problems.append(f"promtool check metrics on {what}: rc {result.returncode}: {findings}")
    else:
        print(f"ok   promtool check metrics: {what} ({len(text.splitlines())} lines) passes")


def main():
    for tool in ("wrk", "promtool"):
        if shutil.which(tool) is None:
            print(f"check-metrics: {tool} is missing (scripts/setup test installs it)", file=sys.stderr)
            return 2
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    started = time.time()
    problems = []
    with Ringd(binary, "--render-threads", "1", "--render-queue", QUEUE) as server:
        base = f"http://127.0.0.1:{server.port}"
        before_text = scrape(base)
        lint(before_text, "the first scrape", problems)
        before = samples(before_text)

        depths, stop = [], threading.Event()

        def watch():
            while not stop.is_set():
                depths.append(samples(scrape(base)).get("ringd_render_queue_depth", -1))
                time.sleep(0.1)

        watcher = threading.Thread(target=watch)
        watcher.start()
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(LUA)
        try:
            run = subprocess.run(["wrk", "-t2", "-c16", f"-d{DURATION}s", "-s", script.name, base + "/"],
                                 capture_output=True, text=True)
        finally:
            os.unlink(script.name)
            stop.set()
            watcher.join()
        match = re.search(r"(\d+) requests in", run.stdout)
        requests = int(match.group(1)) if match else 0
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", run.stdout)
        ok_responses = requests - (int(non2xx.group(1)) if non2xx else 0)
        print(f"     wrk: {requests} requests ({ok_responses} 2xx) in {DURATION} s")

        after_text = scrape(base)
        lint(after_text, "the scrape after the run", problems)
        after = samples(after_text)

        def expect(ok, message):
            print(("ok   " if ok else "FAIL ") + message)
            if not ok:
                problems.append(message)

        names = ["ringd_http_request_duration_seconds_bucket", "process_cpu_seconds_total",
                 "process_resident_memory_bytes", "process_open_fds", "process_max_fds", "process_start_time_seconds",
                 "ringd_build_info", "ringd_render_queue_depth", "ringd_render_queue_capacity"]
        missing = [n for n in names if not any(k == n or k.startswith(n + "{") for k in after)]
        expect(not missing, f"every conventional series is exposed (missing: {missing or 'none'})")
        info = f'ringd_build_info{{version="{version}",renderer="'
        expect(any(k.startswith(info) and v == 1 for k, v in after.items()), f"ringd_build_info names version {version}, = 1")
        count = 'ringd_http_request_duration_seconds_count{route="ring",status_class="2xx"}'
        grown = after.get(count, 0) - before.get(count, 0)
        expect(ok_responses > 0 and grown >= ok_responses,
               f"ring 2xx durations counted: +{grown:.0f} for {ok_responses} 2xx responses wrk saw")
        cpu = after.get("process_cpu_seconds_total", 0) - before.get("process_cpu_seconds_total", 0)
        expect(cpu > 0, f"process_cpu_seconds_total grew by {cpu:.2f} s")
        rss = after.get("process_resident_memory_bytes", 0)
        expect(rss > 1e6, f"process_resident_memory_bytes {rss / 2**20:.1f} MiB")
        fds, max_fds = after.get("process_open_fds", 0), after.get("process_max_fds", 0)
        expect(0 < fds <= max_fds, f"process_open_fds {fds:.0f} of process_max_fds {max_fds:.0f}")
        start = after.get("process_start_time_seconds", 0)
        expect(started - 5 <= start <= time.time() + 1, f"process_start_time_seconds {start:.0f} is when ringd started ({started:.0f})")
        capacity = after.get("ringd_render_queue_capacity", -1)
        deepest = max(depths) if depths else -1
        expect(capacity == QUEUE and 0 < deepest <= capacity,
               f"ringd_render_queue_depth reached {deepest:.0f} during the run (capacity {capacity:.0f}; {len(depths)} scrapes)")
    if problems:
        print(f"check-metrics: {len(problems)} problem(s)")
        return 1
    print("check-metrics: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
