#!/usr/bin/env python3
"""Differential oracle for ringd's HTTP/1.1 request parser.

Every case in Tests/RingHTTPTests/Fixtures/malformed-requests.json (the same file the Swift rejection tests
read, so there is one source of truth) is given to two independent parsers, h11 and httptools (llhttp), and
their verdict (accept / reject / incomplete) is compared with the status our parser is tested to produce.
With --port N the raw bytes are also sent to a live ringd on 127.0.0.1:N and its status lines are checked:
a rejected case must get exactly the expected status as the last response, then a close; a valid case must
get one non-error response per request.

Disagreements that are deliberate (RFC-required, or a stricter choice ringd documents) are listed in
KNOWN_DIFFERENCES with a one-line reason. The script exits 1 only on an unexplained disagreement (or when the
live server misbehaves), 2 on a usage/setup problem.

    pip install h11 httptools
    scripts/check/http-oracle.py               # oracles vs. the fixture's expected statuses
    scripts/check/http-oracle.py --port 8080   # ... and vs. a running ringd
"""

import argparse
import json
import pathlib
import re
import socket
import sys
import time

try:
    import h11
    import httptools
except ImportError as error:  # pragma: no cover - setup problem, not a finding
    sys.exit(f"http-oracle: {error}; run `pip install h11 httptools`")

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "Tests/RingHTTPTests/Fixtures/malformed-requests.json"

# Statuses only the parser produces (and answers with Connection: close). 501 is absent: the application also
# answers 501 for an unknown method that parsed fine.
PARSER_ERROR_STATUSES = {400, 413, 414, 417, 431, 505}

# h11 needs a bound on an incomplete head; ours are smaller, and their cases are listed below by name.
H11_MAX_INCOMPLETE = 64 * 1024

LIMITS = "ringd enforces its own limit (8 KiB target, 16 KiB header section, 100 fields); the oracle has none this small"
NO_CONTENT = "ringd is a GET/HEAD origin that accepts no request content: CL > 0 → 413, any TE → 400 (DESIGN §6)"
HOST_RULE = "RFC 9112 §3.2: MUST 400; llhttp leaves Host to the application"
HOST_SYNTAX = "RFC 9112 §3.2: invalid Host value MUST 400; neither oracle checks Host syntax"
TARGET_FORM = "RFC 9112 §3.2: target form must match the method / be a valid URI; the oracles accept any visible bytes"
STRICT_VERSION = "RFC 9110 §6.2: ringd answers 505 to a major other than 1; the oracle parses it anyway"

# (case name, oracle) → why ringd deliberately differs. Oracles: "h11", "httptools", "ringd" (live server).
KNOWN_DIFFERENCES = {
    # -- valid requests one oracle refuses --
    ("valid-leading-crlf", "h11"): "RFC 9112 §2.2: SHOULD ignore empty lines before the request line; h11 rejects them",
    ("valid-http12-as-11", "httptools"): "RFC 9110 §6.2: a higher 1.x minor is processed as 1.1; llhttp refuses 1.2",
    ("valid-lowercase-method", "httptools"): "llhttp only knows registered methods; ringd parses any token and answers 501",
    ("valid-unknown-method", "httptools"): "llhttp only knows registered methods; ringd parses any token and answers 501",
    ("valid-method-32", "httptools"): "llhttp only knows registered methods; ringd parses any token and answers 501",
    # -- rejections one or both oracles accept --
    ("bare-lf-everywhere", "h11"): "RFC 9112 §2.2 MAY accept bare LF; ringd rejects it (like llhttp) to never frame differently",
    ("request-line-bare-lf", "h11"): "bare LF rejected by choice (see bare-lf-everywhere)",
    ("bare-lf-header-line", "h11"): "bare LF rejected by choice (see bare-lf-everywhere)",
    ("double-space-after-method", "httptools"): "RFC 9112 §3: single SP separators; SHOULD 400 rather than autocorrect",
    ("double-space-before-version", "httptools"): "RFC 9112 §3: single SP separators; SHOULD 400 rather than autocorrect",
    ("missing-version", "httptools"): "HTTP/0.9 request line: ringd speaks only HTTP/1.x (llhttp still parses 0.9)",
    ("version-2.0", "httptools"): STRICT_VERSION,
    ("version-0.9", "httptools"): STRICT_VERSION,
    ("leading-bare-lf", "httptools"): "bare LF rejected by choice (see bare-lf-everywhere), also before the request line",
    ("bare-cr-empty-line", "h11"): "RFC 9112 §2.2: a bare CR MUST be rejected (or replaced by SP); h11 waits for more",
    ("header-section-16385", "h11"): LIMITS,
    ("te-obs-fold", "h11"): "RFC 9112 §5.2: obs-fold MUST 400 or become SP; here it hides a Transfer-Encoding",
    ("too-many-leading-empty-lines", "httptools"): "ringd skips at most 16 empty lines so a CRLF stream cannot hold a connection",
    ("obs-fold", "h11"): "RFC 9112 §5.2: MUST 400 or replace with SP; ringd rejects (h11 replaces)",
    ("obs-fold-tab", "h11"): "RFC 9112 §5.2: MUST 400 or replace with SP; ringd rejects (h11 replaces)",
    ("bel-in-value", "h11"): "RFC 9110 §5.5: a control byte is not a field-vchar; h11 lets it through",
    ("del-in-value", "h11"): "RFC 9110 §5.5: DEL is not a field-vchar; h11 lets it through",
    ("version-9.9", "h11"): STRICT_VERSION,
    ("version-2.0", "h11"): STRICT_VERSION,
    ("version-0.9", "h11"): STRICT_VERSION,
    ("method-too-long", "h11"): "RFC 9112 §3: a method longer than any implemented SHOULD 501",
    ("target-asterisk-get", "h11"): TARGET_FORM,
    ("target-asterisk-get", "httptools"): TARGET_FORM,
    ("target-connect-origin-form", "h11"): TARGET_FORM,
    ("target-connect-origin-form", "httptools"): "llhttp hands CONNECT to an upgrade handler before checking the target",
    ("target-authority-form-get", "h11"): TARGET_FORM,
    ("target-relative", "h11"): TARGET_FORM,
    ("target-absolute-ftp", "h11"): "an origin serves http/https only; other schemes are not for us",
    ("target-absolute-ftp", "httptools"): "an origin serves http/https only; other schemes are not for us",
    ("target-absolute-empty-host", "h11"): "RFC 9110 §4.2.1: an http URI with an empty host MUST be rejected",
    ("target-absolute-empty-host", "httptools"): "RFC 9110 §4.2.1: an http URI with an empty host MUST be rejected",
    ("target-absolute-userinfo", "h11"): "RFC 9110 §4.2.4: userinfo in an http URI SHOULD be treated as an error",
    ("target-absolute-userinfo", "httptools"): "RFC 9110 §4.2.4: userinfo in an http URI SHOULD be treated as an error",
    ("target-8193", "h11"): LIMITS,
    ("target-8193", "httptools"): LIMITS,
    ("target-unterminated-64k", "httptools"): LIMITS,
    ("fields-101", "h11"): LIMITS,
    ("fields-101", "httptools"): LIMITS,
    ("header-section-16385", "httptools"): LIMITS,
    ("header-value-20k-unterminated", "h11"): LIMITS,
    ("header-value-20k-unterminated", "httptools"): LIMITS,
    ("missing-host", "httptools"): HOST_RULE,
    ("duplicate-host", "httptools"): HOST_RULE,
    ("duplicate-host-same", "httptools"): HOST_RULE,
    ("duplicate-host-http10", "httptools"): HOST_RULE,
    ("absolute-form-missing-host", "httptools"): HOST_RULE,
    ("host-with-space", "h11"): HOST_SYNTAX,
    ("host-with-space", "httptools"): HOST_SYNTAX,
    ("host-userinfo", "h11"): HOST_SYNTAX,
    ("host-userinfo", "httptools"): HOST_SYNTAX,
    ("host-bad-port", "h11"): HOST_SYNTAX,
    ("host-bad-port", "httptools"): HOST_SYNTAX,
    ("host-with-path", "h11"): HOST_SYNTAX,
    ("host-with-path", "httptools"): HOST_SYNTAX,
    ("host-unclosed-bracket", "h11"): HOST_SYNTAX,
    ("host-unclosed-bracket", "httptools"): HOST_SYNTAX,
    ("host-bad-percent", "h11"): HOST_SYNTAX,
    ("host-bad-percent", "httptools"): HOST_SYNTAX,
    ("cl-te", "h11"): "RFC 9112 §6.1: MAY reject CL+TE; ringd does (smuggling), h11 lets TE win",
    ("te-cl", "h11"): "RFC 9112 §6.1: MAY reject CL+TE; ringd does (smuggling), h11 lets TE win",
    ("te-chunked", "h11"): NO_CONTENT,
    ("te-chunked", "httptools"): NO_CONTENT,
    ("te-chunked-get", "h11"): NO_CONTENT,
    ("te-chunked-get", "httptools"): NO_CONTENT,
    ("te-trailing-space", "h11"): NO_CONTENT,
    ("te-trailing-space", "httptools"): NO_CONTENT,
    ("te-http10", "h11"): "RFC 9112 §6.1: TE in an HTTP/1.0 request is faulty framing",
    ("te-http10", "httptools"): "RFC 9112 §6.1: TE in an HTTP/1.0 request is faulty framing",
    ("cl-duplicate-same", "h11"): "RFC 9110 §8.6 MAY fold equal repeats; ringd refuses any repeated framing header",
    ("cl-list-same", "h11"): "RFC 9110 §8.6 MAY fold equal repeats; ringd refuses any repeated framing header",
    ("cl-positive-post", "h11"): NO_CONTENT,
    ("cl-positive-post", "httptools"): NO_CONTENT,
    ("cl-positive-get", "h11"): NO_CONTENT,
    ("cl-positive-get", "httptools"): NO_CONTENT,
    ("cl-positive-expect-100", "h11"): NO_CONTENT,
    ("cl-positive-expect-100", "httptools"): NO_CONTENT,
    ("pipelined-smuggled-after-cl", "h11"): NO_CONTENT,
    ("pipelined-smuggled-after-cl", "httptools"): NO_CONTENT,
    ("expect-unknown", "h11"): "RFC 9110 §10.1.1: MAY 417 for an expectation we cannot meet; the oracles ignore Expect",
    ("expect-unknown", "httptools"): "RFC 9110 §10.1.1: MAY 417 for an expectation we cannot meet; the oracles ignore Expect",
    ("expect-mixed", "h11"): "RFC 9110 §10.1.1: MAY 417 for an expectation we cannot meet; the oracles ignore Expect",
    ("expect-mixed", "httptools"): "RFC 9110 §10.1.1: MAY 417 for an expectation we cannot meet; the oracles ignore Expect",
    ("pipelined-valid-then-missing-host", "httptools"): HOST_RULE,
}


def load_cases(path):
    """The fixture's cases with `request` turned into bytes (characters U+0000..U+00FF are the bytes)."""
    with open(path, encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    for case in cases:
        pieces = case["request"] if isinstance(case["request"], list) else [case["request"]]
        data = bytearray()
        for piece in pieces:
            if isinstance(piece, str):
                data += piece.encode("latin-1")
            else:
                data += piece["repeat"].encode("latin-1") * piece["count"]
        case["bytes"] = bytes(data)
    return cases


class Verdict:
    """What a parser made of the bytes: accept (every request parsed), reject, or incomplete (still waiting)."""

    def __init__(self, kind, requests, detail=""):
        self.kind, self.requests, self.detail = kind, requests, detail

    def __str__(self):
        text = {"accept": f"accept×{self.requests}", "reject": "reject", "incomplete": "wait"}[self.kind]
        return f"{text} {self.detail}".strip()


def h11_verdict(data):
    conn = h11.Connection(h11.SERVER, max_incomplete_event_size=H11_MAX_INCOMPLETE)
    conn.receive_data(data)
    requests, in_message = 0, False
    try:
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                break
            if event is h11.PAUSED:
                # A response is due before the next request is parsed: answer and start the next cycle.
                # Not 2xx: a 2xx to CONNECT would switch protocols.
                conn.send(h11.Response(status_code=404, headers=[("content-length", "0")]))
                conn.send(h11.EndOfMessage())
                if conn.our_state is h11.MUST_CLOSE:
                    break
                conn.start_next_cycle()
                continue
            if isinstance(event, h11.Request):
                requests, in_message = requests + 1, True
            elif isinstance(event, h11.EndOfMessage):
                in_message = False
            elif isinstance(event, h11.ConnectionClosed):
                break
    except h11.RemoteProtocolError as error:
        return Verdict("reject", requests, f"{error.error_status_hint}")
    # Bytes left over that h11 has not turned into a request yet (incomplete head or body) mean "waiting".
    leftover = conn.trailing_data[0] if hasattr(conn, "trailing_data") else b""
    if in_message or (leftover and leftover.strip(b"\r\n")):
        return Verdict("incomplete", requests)
    return Verdict("accept", requests)


class _Callbacks:
    def __init__(self):
        self.complete = 0
        self.started = 0

    def on_message_begin(self):
        self.started += 1

    def on_message_complete(self):
        self.complete += 1


def httptools_verdict(data):
    callbacks = _Callbacks()
    parser = httptools.HttpRequestParser(callbacks)
    try:
        parser.feed_data(data)
    except httptools.HttpParserUpgrade:
        return Verdict("accept", max(callbacks.complete, 1), "(upgrade)")
    except httptools.HttpParserError as error:
        return Verdict("reject", callbacks.complete, type(error).__name__.removeprefix("HttpParser"))
    if callbacks.started > callbacks.complete:
        return Verdict("incomplete", callbacks.complete)
    return Verdict("accept", callbacks.complete)


STATUS_LINE = re.compile(rb"(?:^|\r\n)HTTP/1\.[01] (\d{3}) ")


def live_exchange(port, data, timeout=2.0, settle=0.3):
    """Sends `data` on a fresh connection; returns (statuses, how the exchange ended).

    Reads until the server closes, or for `settle` seconds of silence once something has arrived (a keep-alive
    connection never closes), or `timeout` seconds in all.
    """
    received = b""
    ended = "timeout"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            try:
                sock.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server may answer and close before reading everything (e.g. a 64 KiB target)
            deadline = time.monotonic() + timeout
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                sock.settimeout(min(remaining, settle) if received else remaining)
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    ended = "open" if received else "timeout"
                    break
                except ConnectionResetError:
                    ended = "reset"
                    break
                if not chunk:
                    ended = "closed"
                    break
                received += chunk
    except OSError as error:
        return [], f"error: {error}"
    return parse_statuses(received, request_methods(data)), ended


def request_methods(data):
    """Methods of the requests in `data`, in order (heads end at a blank line; none of ours carries a body)."""
    return [head.split(b" ", 1)[0].lstrip(b"\r\n") for head in data.split(b"\r\n\r\n")]


def parse_statuses(received, methods):
    """Status codes of the responses in `received`, walking each response's framing: the body is
    Content-Length bytes, except for responses to HEAD and for 304 (RFC 9110 §6.4.1). Counting status-line
    look-alikes with a regex would miscount when a body does not end in CRLF."""
    statuses = []
    rest = received
    index = 0
    while rest:
        end = rest.find(b"\r\n\r\n")
        match = STATUS_LINE.match(rest)
        if end < 0 or not match:
            break
        code = int(match.group(1))
        statuses.append(code)
        length = 0
        for line in rest[:end].split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip() or 0)
        method = methods[index] if index < len(methods) else b"GET"
        if method == b"HEAD" or code == 304:
            length = 0
        rest = rest[end + 4 + length:]
        index += 1
    return statuses


def live_problem(case, statuses, ended):
    """Why the live answer is wrong for this case, or None."""
    expected_requests = case["requests"]
    if "status" in case:
        if not statuses:
            return f"no response ({ended})"
        if statuses[-1] != case["status"]:
            return f"status {statuses[-1]}, expected {case['status']}"
        if len(statuses) != expected_requests + 1:
            return f"{len(statuses)} responses, expected {expected_requests + 1} (framing desync?)"
        if ended not in ("closed", "reset"):
            return f"connection {ended} after a protocol error (must close)"
        return None
    if len(statuses) != expected_requests:
        return f"{len(statuses)} responses for {expected_requests} requests ({ended})"
    wanted = case.get("live")
    for status in statuses:
        if wanted is not None and status != wanted:
            return f"status {status}, expected {wanted}"
        if wanted is None and status in PARSER_ERROR_STATUSES:
            return f"status {status} for a valid request"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, help="also test a live ringd on 127.0.0.1:PORT")
    parser.add_argument("--fixture", default=FIXTURE, type=pathlib.Path, help="fixture JSON (default: %(default)s)")
    parser.add_argument("--only", metavar="SUBSTRING", help="run only cases whose name contains SUBSTRING")
    parser.add_argument("--quiet", action="store_true", help="print only rows that differ, and no reasons")
    args = parser.parse_args()

    try:
        cases = load_cases(args.fixture)
    except (OSError, ValueError, KeyError) as error:
        print(f"http-oracle: cannot read {args.fixture}: {error}", file=sys.stderr)
        return 2
    if args.only:
        cases = [c for c in cases if args.only in c["name"]]

    explained, unexplained, live_failures, seen_keys = [], [], [], set()
    header = f"{'case':38} {'ours':8} {'h11':16} {'httptools':22}" + (" ringd" if args.port else "")
    print(header)
    print("-" * len(header))
    for case in cases:
        ours = "reject" if "status" in case else "accept"
        verdicts = {"h11": h11_verdict(case["bytes"]), "httptools": httptools_verdict(case["bytes"])}
        flags = []
        for oracle, verdict in verdicts.items():
            if verdict.kind == ours:
                continue
            key = (case["name"], oracle)
            seen_keys.add(key)
            if key in KNOWN_DIFFERENCES:
                explained.append((key, verdict, KNOWN_DIFFERENCES[key]))
                flags.append(f"{oracle}: known")
            else:
                unexplained.append((key, verdict))
                flags.append(f"{oracle}: UNEXPLAINED")
        live_text = ""
        if args.port:
            statuses, ended = live_exchange(args.port, case["bytes"])
            live_text = f" {','.join(map(str, statuses)) or '-'} ({ended})"
            problem = live_problem(case, statuses, ended)
            if problem:
                key = (case["name"], "ringd")
                seen_keys.add(key)
                if key in KNOWN_DIFFERENCES:
                    explained.append((key, problem, KNOWN_DIFFERENCES[key]))
                    flags.append("ringd: known")
                else:
                    live_failures.append((case["name"], problem))
                    flags.append(f"ringd: {problem}")
        if flags or not args.quiet:
            expected = str(case.get("status", f"ok×{case['requests']}"))
            print(f"{case['name']:38} {expected:8} {str(verdicts['h11']):16} {str(verdicts['httptools']):22}"
                  f"{live_text}  {'; '.join(flags)}")

    print(f"\n{len(cases)} cases; {len(explained)} known differences, {len(unexplained)} unexplained"
          + (f", {len(live_failures)} live failures" if args.port else ""))
    if explained and not args.quiet:
        print("\nKnown differences:")
        for (name, oracle), verdict, reason in explained:
            print(f"  {name} / {oracle}: {verdict} — {reason}")
    stale = sorted(k for k in KNOWN_DIFFERENCES if k not in seen_keys and k[1] != "ringd"
                   and any(c["name"] == k[0] for c in cases))
    if stale:
        print("\nListed as known differences but the oracle now agrees (remove them):")
        for name, oracle in stale:
            print(f"  {name} / {oracle}")
    if unexplained:
        print("\nUnexplained disagreements (fix the parser, the fixture, or justify in KNOWN_DIFFERENCES):")
        for (name, oracle), verdict in unexplained:
            print(f"  {name} / {oracle}: {verdict}")
    if live_failures:
        print("\nLive server failures:")
        for name, problem in live_failures:
            print(f"  {name}: {problem}")
    return 1 if unexplained or live_failures else 0


if __name__ == "__main__":
    sys.exit(main())
