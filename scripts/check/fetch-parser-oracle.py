#!/usr/bin/env python3
"""Cross-checks the response fixtures against h11 (https://github.com/python-hyper/h11), an independent
HTTP/1.1 implementation.

Tests/RingFetchTests/Fixtures/responses.json holds raw responses (latin-1: one character per byte) and what
ResponseParser must do with each; FixtureTests.swift checks our side. This script feeds each response to an
h11 client connection that sent `GET / HTTP/1.1` with `Connection: close`, then EOF, and compares accept or
refuse and the body. Cases where we deliberately differ carry an "h11": "differs: why" note; the script fails
on any other disagreement, and on a noted difference that has gone away.

Usage: python3 scripts/check/fetch-parser-oracle.py   (needs `pip install h11`)
"""
import json
import pathlib
import sys

import h11

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "Tests/RingFetchTests/Fixtures/responses.json"


def h11_outcome(raw: bytes):
    """("ok", status, body) or ("error", message)."""
    conn = h11.Connection(our_role=h11.CLIENT, max_incomplete_event_size=16 * 1024)
    conn.send(h11.Request(method="GET", target="/", headers=[("Host", "example"), ("Connection", "close")]))
    conn.send(h11.EndOfMessage())
    conn.receive_data(raw)
    conn.receive_data(b"")
    status, body = None, b""
    try:
        while True:
            event = conn.next_event()
            if isinstance(event, h11.InformationalResponse):
                continue
            if isinstance(event, h11.Response):
                status = event.status_code
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                return ("ok", status, body)
            elif event is h11.NEED_DATA or isinstance(event, h11.ConnectionClosed):
                return ("error", "incomplete at EOF")
            elif event is h11.PAUSED:
                return ("error", "paused (protocol switch)")
    except h11.RemoteProtocolError as error:
        return ("error", str(error))


def main() -> int:
    cases = json.loads(FIXTURES.read_text())
    unexpected = 0
    for case in cases:
        raw = case["response"].encode("latin-1")
        expect = case["expect"]
        ours = ("ok", expect["status"], expect["body"].encode("latin-1")) if "status" in expect else ("error",)
        theirs = h11_outcome(raw)
        agree = ours[0] == theirs[0] and (ours[0] == "error" or ours[1:] == theirs[1:])
        noted = case.get("h11", "agree").startswith("differs")
        if agree and not noted:
            verdict = "agree"
        elif not agree and noted:
            verdict = "differs (noted)"
        else:
            verdict = "UNEXPECTED " + ("agreement" if agree else "difference")
            unexpected += 1
        print(f"{verdict:24} {case['name']}: ours={ours[0]} h11={theirs[0]}"
              + (f" ({theirs[1]})" if theirs[0] == "error" else ""))
    print(f"{len(cases)} cases, {unexpected} unexpected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
