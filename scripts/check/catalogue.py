#!/usr/bin/env python3
"""Bad-request catalogue: hundreds of raw requests against a live ringd, each with the status it must get.

    scripts/check/catalogue.py path/to/ringd           # starts ringd on a free loopback port
    scripts/check/catalogue.py --port 8080             # or tests one that is already running
    scripts/check/catalogue.py path/to/ringd --only smuggle --verbose

The cases: every one of the parser fixture (Tests/RingHTTPTests/Fixtures/malformed-requests.json, shared with
scripts/check/http-oracle.py and the Swift rejection tests) plus scripts/check/catalogue/requests.yaml (smuggling shapes,
bare CR/LF, control bytes, long lines, percent-encoding, overlong UTF-8, absolute-form, Expect, methods, and
hostile ring parameters whose 400 must name the parameter). Each is sent on a fresh connection; the statuses
of the responses are checked in order, a protocol error must be followed by a close, and then the same
connection (if the server kept it) or a new one must get 200 for /ring?p=0.5. Protocol cases are also given
to h11 and httptools (llhttp); where they decide otherwise the reason is listed (`differs` in the YAML,
KNOWN_DIFFERENCES in http-oracle.py) and printed. Every response must carry `X-Content-Type-Options: nosniff`
(refusals above all: a 404 or a protocol error must not be sniffed into HTML), and at the end `/metrics` must have
counted every protocol error the run received, by status and reason (`ringd_protocol_errors_total`), with at least
one of each of 400, 405, 414, 431, 501 and 505 among them. Exits 1 on any failure or unexplained difference.
"""

import argparse
import importlib.util
import os
import pathlib
import re
import socket
import sys
import time

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import ringd_harness as rh  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
CATALOGUE = HERE / "catalogue" / "requests.yaml"

_spec = importlib.util.spec_from_file_location("http_oracle", HERE / "http-oracle.py")
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

# Statuses after which the server must close: parser errors plus 405/501 (answered by the server itself).
CLOSING_STATUSES = oracle.PARSER_ERROR_STATUSES | {405, 501}
FOLLOW_UP = b"GET /ring?p=0.5 HTTP/1.1\r\nHost: ringd.test\r\n\r\n"
# A protocol error's body as the server writes it: "<status> <reason phrase>: <reason>\n".
PROTOCOL_ERROR_BODY = re.compile(rb"^(\d{3}) [A-Za-z -]+: ([^\n]+)\n$")
# Protocol-error statuses the run must see at least once each (and find counted in /metrics).
PROTOCOL_ERROR_KINDS = {400, 405, 414, 431, 501, 505}


def protocol_error(response):
    """(status, reason) when `response` is one the server made itself (its body says so), else None."""
    match = PROTOCOL_ERROR_BODY.match(response.body)
    if not match or int(match.group(1)) != response.status:
        return None
    return response.status, match.group(2).decode("latin-1")


def protocol_error_counts(port):
    """{(status, reason): count} from ringd_protocol_errors_total in /metrics."""
    _, _, body = rh.request_once(port, "/metrics")
    counts = {}
    pattern = rb'^ringd_protocol_errors_total\{status="(\d+)",reason="((?:[^"\\]|\\.)*)"\} (\d+)$'
    for status, reason, value in re.findall(pattern, body, re.M):
        reason = reason.decode("latin-1").replace('\\"', '"').replace("\\\\", "\\")
        counts[(int(status), reason)] = int(value)
    return counts


def to_bytes(request):
    """A request as bytes: characters U+0000..U+00FF are the bytes; lists may hold {repeat, count}."""
    pieces = request if isinstance(request, list) else [request]
    data = bytearray()
    for piece in pieces:
        data += piece.encode("latin-1") if isinstance(piece, str) else piece["repeat"].encode("latin-1") * piece["count"]
    return bytes(data)


class Case:
    def __init__(self, name, source, data, expect, close, names=None, accept=None, frames_at_most=None,
                 differs=None, compare=True, why=None, verdict=None, body_lacks=None, timeout=5):
        self.name, self.source, self.data, self.expect, self.close = name, source, data, expect, close
        self.names, self.accept, self.frames_at_most = names, accept, frames_at_most
        self.differs, self.compare, self.why = differs or {}, compare, why
        self.verdict, self.body_lacks, self.timeout = verdict, body_lacks, timeout

    @property
    def layer_verdict(self):
        """What an HTTP parser should make of the bytes: reject when the last status is a parser error."""
        if self.verdict:
            return self.verdict
        return "reject" if self.expect and self.expect[-1] in oracle.PARSER_ERROR_STATUSES else "accept"


def fixture_cases():
    cases = []
    for case in oracle.load_cases(oracle.FIXTURE):
        known = {o: r for (n, o), r in oracle.KNOWN_DIFFERENCES.items() if n == case["name"] and o != "ringd"}
        if "status" in case:
            expect = [None] * case["requests"] + [case["status"]]
        else:
            expect = [case.get("live")] * case["requests"]
        cases.append(Case(case["name"], "fixture", case["bytes"], expect, close=None, differs=known,
                          verdict="reject" if "status" in case else "accept"))
    return cases


def catalogue_cases(path):
    with open(path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    cases = []
    for entry in document["protocol"]:
        cases.append(Case(entry["name"], "protocol", to_bytes(entry["request"]), list(entry["expect"]),
                          close=entry.get("close"), differs=entry.get("differs"),
                          compare=not entry.get("ringd_only", False), why=entry.get("why"),
                          verdict=entry.get("verdict")))
    for index, entry in enumerate(document["parameters"]):
        target = entry["target"]
        headers = [f"Accept: {entry['accept']}"] if "accept" in entry else []
        image_client = "accept" in entry and "image/" in entry["accept"] and "strict=1" not in target
        status = entry.get("status", 200 if image_client else 400)
        name = f"param-{index:03}{'-img' if image_client else ''} {target[:70]}"
        cases.append(Case(name, "parameters", rh.get_bytes(target, headers), [status], close=False,
                          names=entry.get("names"), accept=entry.get("accept"),
                          frames_at_most=entry.get("frames_at_most"), compare=False, why=entry.get("why"),
                          body_lacks=entry.get("body_lacks"), timeout=entry.get("timeout", 5)))
    return cases


def apng_frames(body):
    """num_frames from an APNG's acTL chunk, or None for a still PNG."""
    at = body.find(b"acTL")
    return int.from_bytes(body[at + 4:at + 8], "big") if at >= 0 else None


def exchange(port, case, seen_errors):
    """Sends the case's bytes on a fresh connection and checks the answers; returns (problems, summary). Every
    protocol error received is counted into `seen_errors` ({(status, reason): count})."""
    problems = []
    statuses = []
    methods = oracle.request_methods(case.data)
    sock = rh.connect(port, timeout=case.timeout)
    reader = rh.ResponseReader(sock)
    closed = False
    try:
        try:
            sock.sendall(case.data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered and closed before reading it all (e.g. a 100 KiB target): the reads below decide
        last = None
        for index, wanted in enumerate(case.expect):
            try:
                response = reader.read(head_request=index < len(methods) and methods[index] == b"HEAD")
            except (EOFError, ConnectionResetError):
                problems.append(f"connection closed after {len(statuses)} of {len(case.expect)} responses")
                closed = True
                break
            except socket.timeout:
                problems.append(f"no response {index + 1} within {case.timeout} s")
                break
            statuses.append(response.status)
            last = response
            if response.header("X-Content-Type-Options") != "nosniff":
                problems.append(f"response {index + 1} (status {response.status}) lacks X-Content-Type-Options: nosniff")
            if (kind := protocol_error(response)) is not None:
                seen_errors[kind] = seen_errors.get(kind, 0) + 1
            if wanted is None:
                if response.status in oracle.PARSER_ERROR_STATUSES:
                    problems.append(f"response {index + 1}: status {response.status} for a valid request")
            elif response.status != wanted:
                problems.append(f"response {index + 1}: status {response.status}, expected {wanted}")
        if last is not None and not problems:
            problems += content_problems(case, last)
        must_close = case.close
        if must_close is None and case.expect and case.expect[-1] in CLOSING_STATUSES:
            must_close = True
        if must_close is None and case.source != "fixture":
            must_close = False  # fixture cases (HTTP/1.0 among them) may close or not after a valid request
        if not closed and not problems:
            if last is not None and last.closes and must_close is None:
                closed = reader.closed_by_peer(3) or problems.append("Connection: close but no close") or True
            elif must_close:
                if last is not None and not last.closes:
                    problems.append("last response lacks Connection: close")
                if not reader.closed_by_peer(3):
                    problems.append("server did not close after the last response")
                closed = True
            elif last is not None and last.closes:
                problems.append("server closes a connection it should keep")
                closed = True
        # The follow-up: the same connection if the server kept it, else a new one.
        follow = "same"
        if closed or problems:
            sock.close()
            sock, follow = rh.connect(port, timeout=5), "new"
            reader = rh.ResponseReader(sock)
        try:
            sock.sendall(FOLLOW_UP)
            response = reader.read()
            if response.status != 200:
                problems.append(f"follow-up on the {follow} connection got {response.status}")
        except (OSError, EOFError, ValueError) as error:
            problems.append(f"follow-up on the {follow} connection failed: {error!r}")
        return problems, f"{','.join(map(str, statuses)) or '-'} then 200 on {follow}"
    finally:
        sock.close()


def content_problems(case, response):
    problems = []
    if case.names:
        prefix = f"{case.names}: got "
        if response.status == 400:
            text = response.body.decode("utf-8", "replace")
            if not text.startswith(prefix):
                problems.append(f"400 body does not name {case.names}: {text[:120]!r}")
        elif response.status == 200:
            header = response.header("X-Ring-Error") or ""
            if not header.startswith(prefix):
                problems.append(f"X-Ring-Error does not name {case.names}: {header[:120]!r}")
            if not (response.header("Content-Type") or "").startswith("image/"):
                problems.append("error image is not an image")
    if case.body_lacks and case.body_lacks.encode() in response.body:
        problems.append(f"body contains {case.body_lacks!r}")
    if case.frames_at_most is not None:
        frames = apng_frames(response.body)
        if frames is None or frames > case.frames_at_most:
            problems.append(f"APNG frames {frames}, expected 1…{case.frames_at_most}")
    return problems


def metric_problems(seen, before, after, check_kinds=True):
    """What /metrics got wrong: a protocol error the run received that ringd_protocol_errors_total did not count
    (the counter may count more: a response the server sent after the ones a case reads), or a kind of
    PROTOCOL_ERROR_KINDS the run never met."""
    problems = []
    for (status, reason), count in sorted(seen.items()):
        counted = after.get((status, reason), 0) - before.get((status, reason), 0)
        if counted < count:
            problems.append(f"{status} {reason!r}: received {count}, counted {counted}")
    if check_kinds:
        missing = PROTOCOL_ERROR_KINDS - {status for status, _ in seen}
        if missing:
            problems.append(f"the run met no protocol error with status {', '.join(map(str, sorted(missing)))}")
    return problems


def oracle_differences(case):
    """[(oracle, verdict, reason or None)] where h11/httptools disagree with ringd's verdict."""
    if not case.compare:
        return []
    ours = case.layer_verdict
    found = []
    for name, verdict in (("h11", oracle.h11_verdict(case.data)), ("httptools", oracle.httptools_verdict(case.data))):
        if verdict.kind != ours:
            found.append((name, verdict, case.differs.get(name)))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", nargs="?", help="ringd to start (omit with --port)")
    parser.add_argument("--port", type=int, help="test a ringd already listening on 127.0.0.1:PORT")
    parser.add_argument("--catalogue", type=pathlib.Path, default=CATALOGUE)
    parser.add_argument("--only", metavar="SUBSTRING", help="run only cases whose name contains SUBSTRING")
    parser.add_argument("--verbose", action="store_true", help="print every case, not only failures")
    args = parser.parse_args()
    if not args.binary and not args.port:
        parser.error("give the ringd binary or --port")

    cases = fixture_cases() + catalogue_cases(args.catalogue)
    if args.only:
        cases = [c for c in cases if args.only in c.name]
    started = time.monotonic()
    server = None
    if args.port:
        port = args.port
    else:
        server = rh.Ringd(args.binary).__enter__()
        port = server.port
    failures, explained, unexplained, stale = [], [], [], []
    by_source = {}
    seen_errors = {}
    counted_before = protocol_error_counts(port)
    counting_problems = []
    try:
        for case in cases:
            problems, summary = exchange(port, case, seen_errors)
            differences = oracle_differences(case)
            for oracle_name, verdict, reason in differences:
                (explained if reason else unexplained).append((case.name, oracle_name, verdict, reason))
            if case.compare:
                disagreeing = {o for o, _, _ in differences}
                stale += [(case.name, o) for o in case.differs if o not in disagreeing]
            if server is not None and not server.alive():
                problems.append(f"ringd exited (status {server.process.returncode})")
            counts = by_source.setdefault(case.source, [0, 0])
            counts[0] += 1
            counts[1] += not problems
            if problems:
                failures.append((case.name, problems))
            if problems or args.verbose:
                flag = "FAIL" if problems else "ok  "
                print(f"{flag} {case.name[:78]:78} {summary}" + (f"  — {'; '.join(problems)}" if problems else ""))
            if server is not None and not server.alive():
                break
        if server is None or server.alive():
            counting_problems = metric_problems(seen_errors, counted_before, protocol_error_counts(port),
                                                check_kinds=not args.only)
    finally:
        status = server.stop() if server else 0

    took = time.monotonic() - started
    total = sum(c[0] for c in by_source.values())
    passed = sum(c[1] for c in by_source.values())
    if explained:
        print("\nDifferences from h11 / httptools (ringd's choice, and why):")
        for name, oracle_name, verdict, reason in explained:
            print(f"  {name} / {oracle_name} ({verdict}): {reason}")
    if unexplained:
        print("\nUnexplained differences (fix ringd, or give the reason under `differs`):")
        for name, oracle_name, verdict, _ in unexplained:
            print(f"  {name} / {oracle_name}: {verdict}")
    if stale:
        print("\nReasons listed for differences that no longer occur (remove them):")
        for name, oracle_name in stale:
            print(f"  {name} / {oracle_name}")
    for problem in counting_problems:
        print(f"FAIL /metrics: {problem}")
    print(f"protocol errors received: {sum(seen_errors.values())} of {len(seen_errors)} kinds "
          f"(statuses {', '.join(map(str, sorted({s for s, _ in seen_errors})))}); "
          f"/metrics counted {'each' if not counting_problems else 'NOT each'}")
    print("\n" + ", ".join(f"{source} {c[1]}/{c[0]}" for source, c in by_source.items()))
    print(f"catalogue: {total} cases, {passed} passed, {total - passed} failed; "
          f"{len(explained)} explained differences from h11/httptools, {len(unexplained)} unexplained; {took:.1f} s")
    if server is not None and status != 0:
        print(f"FAIL ringd exit status {status} after SIGTERM")
    return 1 if failures or unexplained or stale or counting_problems or (server is not None and status != 0) else 0


if __name__ == "__main__":
    sys.exit(main())
