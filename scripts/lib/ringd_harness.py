"""Shared helpers for the live-server checks and benchmarks written in Python: start a real ringd on a loopback
port it picks itself (`--port 0`, the port read from its log), speak raw HTTP/1.1 to it, read its descriptors,
RSS and CPU time from /proc, and run wrk. (The bash scripts use scripts/lib/ringd_harness.sh.)

Everything here talks to 127.0.0.1 only, bounds every wait, and stops only the processes it started.
"""

import contextlib
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def free_port():
    """A port nothing listens on right now (the kernel's pick), for a server that cannot report the port it
    bound (nginx). Another process may take it before that server binds it; ringd never needs this (`Ringd`)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def raise_nofile(wanted):
    """Raises this process's soft RLIMIT_NOFILE towards `wanted` (up to the hard limit); returns the new soft."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Ringd:
    """A ringd process on a loopback port of its own choosing; a context manager that always stops it (SIGTERM,
    then SIGKILL).

    ringd starts with `--port 0`: the kernel picks a free port at bind time and ringd logs it ("ringd listening
    on http://127.0.0.1:PORT/", in either log format), which `start` reads from the log. Nothing picks a port
    first and loses it to another process before ringd binds it. The log level is at most info (that line's).
    The log goes to `log_path` if given; otherwise it is read through a pipe and, after that line, its warnings
    and errors copied to this process's standard error (`echo`) or everything dropped.
    """

    LISTENING = re.compile(rb"listening on http://[^ \"]*:(\d+)/")
    # Lines at the levels the harness turned on for the listening line only; `echo` leaves them out.
    BELOW_WARNING = re.compile(rb'\S+ (trace|debug|info) |\{"time":"[^"]*","level":"(trace|debug|info)"')

    def __init__(self, binary, *args, nofile=None, log_level="warning", log_path=None, env=None, core_dir=None,
                 echo=False, port=0):
        self.binary = os.path.abspath(binary)  # ringd may run in another directory (core_dir)
        self.port = None
        level = log_level if log_level in ("trace", "debug", "info") else "info"
        # port: 0 (the kernel's pick), or the port of an earlier run to start again on (a restarted replica).
        self.args = ["--host", HOST, "--port", str(port), "--log-level", level, *map(str, args)]
        self.nofile = nofile
        self.log_path = log_path
        self.env = env
        self.core_dir = core_dir  # if set: ringd runs there with core dumps enabled (for crash forensics)
        self.echo = echo
        self.process = None
        self._log = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self, ready_within=60):
        """Starts ringd and waits (bounded) until it has logged the port it listens on."""
        nofile = self.nofile

        core = self.core_dir is not None

        def limit_descriptors():
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
            if core:
                resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

        self._log = open(self.log_path, "ab") if self.log_path else subprocess.PIPE
        offset = self._log.tell() if self.log_path else 0
        environment = dict(os.environ)
        environment.update(self.env or {})
        self.process = subprocess.Popen([self.binary, *self.args], stdout=self._log, stderr=subprocess.STDOUT,
                                        preexec_fn=limit_descriptors, env=environment, cwd=self.core_dir)
        seen = []  # what ringd logged before the listening line, for the error message
        found = threading.Event()
        if not self.log_path:
            threading.Thread(target=self._read_pipe, args=(seen, found), daemon=True).start()
        deadline = time.monotonic() + ready_within
        while time.monotonic() < deadline:
            if self.log_path:
                with open(self.log_path, "rb") as f:
                    f.seek(offset)
                    text = f.read()
                seen[:] = text.splitlines()
                match = self.LISTENING.search(text)
                if match:
                    self.port = int(match.group(1))
            if self.port is not None:
                return
            if self.process.poll() is not None:
                found.wait(1)  # the reader may still be on the last lines
                tail = b" | ".join(seen[-10:]).decode("utf-8", "replace")
                raise RuntimeError(f"ringd exited at start with status {self.process.returncode}: {tail}")
            found.wait(0.02)
        self.process.kill()
        self.process.wait()
        raise RuntimeError(f"ringd did not report its port within {ready_within} s")

    def _read_pipe(self, seen, found):
        """Reads ringd's output: the port from the listening line, then copies (`echo`) or drops the rest."""
        for line in self.process.stdout:
            if self.port is None:
                seen.append(line.rstrip(b"\n"))
                match = self.LISTENING.search(line)
                if match:
                    self.port = int(match.group(1))
                    found.set()
            elif self.echo and not self.BELOW_WARNING.match(line):
                sys.stderr.buffer.write(line)
                sys.stderr.flush()
        found.set()

    def stop(self, grace=8):
        """SIGTERM and wait; SIGKILL if it does not exit. Returns the exit status (None if killed)."""
        try:
            if self.process is None or self.process.poll() is not None:
                return self.process.returncode if self.process else None
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        finally:
            if self._log not in (None, subprocess.PIPE):
                self._log.close()
                self._log = None

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process.poll() is None

    def crash_report(self, lines=30):
        """The end of ringd's log (if kept) and any core file, for a process that died."""
        text = []
        if self.log_path and os.path.exists(self.log_path):
            with open(self.log_path, "rb") as f:
                text += f.read().decode("utf-8", "replace").splitlines()[-lines:]
        if self.core_dir:
            cores = [name for name in os.listdir(self.core_dir) if name.startswith("core")]
            text += [f"core file: {os.path.join(self.core_dir, name)}" for name in cores]
        return text

    def open_fds(self):
        """Descriptors ringd has open right now (entries of /proc/<pid>/fd)."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def rss_bytes(self):
        """Resident set size from /proc/<pid>/statm."""
        with open(f"/proc/{self.pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE_SIZE

    def anonymous_rss_bytes(self):
        """Anonymous resident memory (RssAnon in /proc/<pid>/status): the heap, stacks and caches ringd allocates,
        without the file-backed pages of its binary, libraries and memory-mapped font files (clean pages the
        kernel shares and may drop; Noto Sans CJK alone maps about 40 MB once its digest has read it)."""
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) * 1024
        raise RuntimeError("no RssAnon in /proc/<pid>/status")

    def cpu_seconds(self):
        """utime + stime of every thread so far, from /proc/<pid>/stat (fields 14 and 15)."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def metric(self, name):
        """The value of an unlabelled metric from /metrics, or None."""
        _, _, body = request_once(self.port, "/metrics", timeout=5)
        match = re.search(rb"^" + re.escape(name.encode()) + rb" (\S+)$", body, re.M)
        return float(match.group(1)) if match else None


# -- raw HTTP/1.1 ----------------------------------------------------------------------------------------

class Response:
    __slots__ = ("status", "headers", "body")

    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        name = name.lower()
        for key, value in self.headers:
            if key.lower() == name:
                return value
        return None

    @property
    def closes(self):
        return "close" in (self.header("connection") or "").lower()


class ResponseReader:
    """Reads HTTP/1.1 responses from a socket, framed by Content-Length (HEAD and 304 have no body)."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.eof = False

    def _fill(self):
        chunk = self.sock.recv(262144)
        if not chunk:
            self.eof = True
            raise EOFError
        self.buffer += chunk

    def read(self, head_request=False):
        """The next response; EOFError if the peer closed first, socket.timeout if it is too slow."""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
            raise ValueError(f"not a status line: {lines[0][:80]!r}")
        status = int(parts[1])
        headers = []
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name, value = name.strip().decode("latin-1"), value.strip().decode("latin-1")
            headers.append((name, value))
            if name.lower() == "content-length":
                length = int(value)
        if head_request or status == 304 or 100 <= status < 200:
            length = 0
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return Response(status, headers, body)

    def closed_by_peer(self, timeout):
        """True if the peer closes (EOF or reset) within `timeout` with nothing more to read."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.sock.settimeout(max(0.01, deadline - time.monotonic()))
                try:
                    chunk = self.sock.recv(65536)
                except socket.timeout:
                    return False
                if not chunk:
                    return True
                self.buffer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return True
        return False


def connect(port, timeout=5):
    sock = socket.create_connection((HOST, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def get_bytes(target, headers=(), method="GET"):
    lines = [f"{method} {target} HTTP/1.1", "Host: ringd.test", *headers, "", ""]
    return "\r\n".join(lines).encode("latin-1")


def request_once(port, target, headers=(), timeout=5):
    """One GET on a fresh connection: (status, headers, body)."""
    with connect(port, timeout) as sock:
        sock.sendall(get_bytes(target, [*headers, "Connection: close"]))
        response = ResponseReader(sock).read()
        return response.status, response.headers, response.body


# -- wrk --------------------------------------------------------------------------------------------------

_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _ms(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text.strip())
    return float(match.group(1)) * _UNITS[match.group(2)] if match else None


def parse_wrk(output):
    """Figures from `wrk --latency` output: requests, req/s, p50/p99 ms, socket errors, non-2xx/3xx count."""
    figures = {"requests": 0, "rps": 0.0, "p50_ms": None, "p99_ms": None, "errors": 0, "non2xx": 0}
    if m := re.search(r"(\d+) requests in", output):
        figures["requests"] = int(m.group(1))
    if m := re.search(r"Requests/sec:\s+([\d.]+)", output):
        figures["rps"] = float(m.group(1))
    if m := re.search(r"^\s+50%\s+(\S+)", output, re.M):
        figures["p50_ms"] = _ms(m.group(1))
    if m := re.search(r"^\s+99%\s+(\S+)", output, re.M):
        figures["p99_ms"] = _ms(m.group(1))
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output):
        figures["errors"] = sum(map(int, m.groups()))
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", output):
        figures["non2xx"] = int(m.group(1))
    return figures


def run_wrk(url, duration_s, connections=16, threads=1, timeout_s=2):
    """Runs `wrk --latency` for `duration_s` seconds; returns (figures, raw output)."""
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration_s}s", f"--timeout={timeout_s}s",
               "--latency", url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=duration_s + 30)
    return parse_wrk(done.stdout), done.stdout


def have(tool):
    return subprocess.call(["which", tool], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0


def mib(n):
    return f"{n / 1048576:.1f} MiB"


@contextlib.contextmanager
def section(title):
    print(f"-- {title}", flush=True)
    yield


def fail(message):
    print(f"FAIL {message}", flush=True)
    return 1


def report(ok, message):
    print(f"{'ok  ' if ok else 'FAIL'} {message}", flush=True)
    return 0 if ok else 1


def die(message):
    print(message, file=sys.stderr)
    sys.exit(2)
