#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fuzz/*/corpus/) from the project's own cases.

HTTPParser seeds: every request of Tests/RingHTTPTests/Fixtures/malformed-requests.json up to 4 KiB (larger
ones only exercise the default limits, which the tiny limit presets reach with short inputs), a pipelined
burst, and the gallery's URLs as GET requests; a few are repeated with tiny limits, chunk splits and
byte-by-byte feeding so the fuzzer starts with those modes covered.

RenderQuery seeds: every case of scripts/gallery-cases.txt plus hostile queries (the shapes of
Tests/RingAppTests/HostileInputTests.swift and more).

The first byte of each seed is the target's control byte (see the entry files). Rerun after changing the
cases; file names are stable, so unchanged seeds do not churn.
"""
import hashlib
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROUTES = ["ring", "activity", "petals", "pie", "check"]  # ImageRoute.allCases order


def write(directory, name, data):
    digest = hashlib.sha1(data).hexdigest()[:8]
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)[:48]
    (directory / f"{safe}-{digest}").write_bytes(data)


def fixture_bytes(request):
    parts = request if isinstance(request, list) else [request]
    out = bytearray()
    for part in parts:
        if isinstance(part, str):
            out += part.encode("latin-1")
        else:
            out += part["repeat"].encode("latin-1") * part["count"]
    return bytes(out)


def gallery():
    for line in (ROOT / "scripts/gallery-cases.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, url = line.split("\t")
            yield name, url


def http_corpus(directory):
    cases = json.loads((ROOT / "Tests/RingHTTPTests/Fixtures/malformed-requests.json").read_text())["cases"]
    for case in cases:
        data = fixture_bytes(case["request"])
        if len(data) > 4096:
            continue
        write(directory, case["name"], b"\x00" + data)
    # Control byte: bits 0-1 limits preset, bits 2-5 number of chunk lengths, bit 6 drain one, bit 7 byte-wise.
    pipelined = b"".join(
        b"GET " + url.encode() + b" HTTP/1.1\r\nHost: rings.example\r\nAccept: image/*\r\n\r\n"
        for _, url in list(gallery())[:6])
    write(directory, "pipelined-gallery", b"\x00" + pipelined)
    write(directory, "pipelined-drain-one-split", bytes([0x40 | (3 << 2), 7, 30, 1]) + pipelined)
    write(directory, "pipelined-bytewise", b"\x80" + pipelined)
    for name, url in list(gallery())[::4]:
        request = (b"GET " + url.encode() + b" HTTP/1.1\r\nHost: localhost:8080\r\n"
                   b"User-Agent: curl/8.0\r\nAccept: */*\r\n\r\n")
        write(directory, "gallery-" + name, b"\x00" + request)
    small = b"GET /ring?p=1 HTTP/1.1\r\nHost: x\r\nA: b\r\n\r\n"
    write(directory, "tiny-limits", b"\x01" + small)
    write(directory, "small-limits-split", bytes([0x02 | (2 << 2), 5, 9]) + small)
    write(directory, "zero-limits", b"\x03GET / HTTP/1.0\r\n\r\n")
    write(directory, "http10-keepalive-bytewise", b"\x80GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")


HOSTILE = [
    ("ring", "p="), ("ring", "p=NaN"), ("ring", "p=inf"), ("ring", "p=1e999"), ("ring", "p=-0"),
    ("ring", "p=10&animate=1&duration=10&label=auto&shadow=on"), ("ring", "p=0.5&p=0.5"),
    ("ring", "p=%00"), ("ring", "p=0.5%0A"), ("ring", "p=%FF%FE"), ("ring", "p=0.5&title=%3Cscript%3Ealert(1)%3C/script%3E"),
    ("ring", "p=0.5&title=%22%3E%3C/svg%3E%3CforeignObject%3E"), ("ring", "p=0.5&label=%E2%98%83"),
    ("ring", "p=0.5&title=a%07b&label=%25%25"), ("ring", "p=0.7&size=16&thickness=50%&cap=butt"),
    ("ring", "p=9.999&size=2048&thickness=0.5&gradient=f00,f80,ff0,0f0,0ff,00f,80f,f0f&start=-360&dir=ccw"),
    ("ring", "value=7&total=0.001"), ("ring", "value=1e9&total=0.001"), ("ring", "p=1/3&size=2048&scale=2"),
    ("ring", "p=0.5&gradient=red&color=blue"), ("ring", "p=0.5&bg=%23ffffff00&track=none&color=%23abcd"),
    ("ring", "p=50%25%25"), ("ring", "p=0x1p-1"), ("ring", "p=7/0"), ("ring", "p=.5e1%25"),
    ("ring", "%E2%82=1"), ("ring", "p=0.5&&&=&x&=1&size=+32"), ("ring", "p=0.5&label=" + "W" * 24),
    ("activity", "p=0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8&colors=move,exercise,stand,red-blue,f00-0f0-00f,a,b,c&gap=0"),
    ("activity", "p=10,10,10,10,10,10,10,10&thickness=0.5&gap=0&animate=1&size=2048"),
    ("activity", "move=1.2&exercise=0&stand=10&tracks=none,red,none"), ("activity", "p=,&colors=,"),
    ("activity", "p=1&thickness=50%&gap=50%"), ("activity", "p=0.5,0.5&gap=1024&size=16"),
    ("petals", "p=1&animate=1&petals=24&label=100%25"), ("petals", "p=0.01&petals=4&size=16"),
    ("petals", "value=3&total=7&label=auto&theme=dark"), ("petals", "p=0.5&petals=999999"),
    ("pie", "p=10&border=none&borderWidth=50%"), ("pie", "p=0.3&borderWidth=1024&size=16"),
    ("check", "shape=rounded&animate=1&bounce=0&ratio=0.9&stroke=50%"),
    ("check", "shape=square&from=transparent&to=%23000&ratio=0.1&stroke=0.5&size=2048"),
    ("check", "label=ABCDEFGHIJKLMNOPQRSTUVWX&title=" + "x" * 200), ("check", "format=png&scale=4&size=32"),
    # Labels in other scripts and hostile labels (issue 17).
    ("ring", "p=0.5&label=" + "a" + "%CC%81" * 1000), ("ring", "p=0.5&label=" + "%E2%80%8D" * 1000),
    ("ring", "p=0.5&label=%E2%80%AEevil"), ("ring", "p=0.5&label=%ED%A0%80"), ("ring", "p=0.5&label=%00"),
    ("ring", "p=0.5&label=%C0%AF"), ("ring", "p=0.5&label=" + "%E5%AE%8C" * 100),
    ("ring", "p=0.5&label=a" + "%CC%81" * 127), ("ring", "p=0.5&label=" + "a%CC%81%CC%82%CC%83%CC%84" * 24),
    ("ring", "p=0.7&label=%D8%B3%D9%84%D8%A7%D9%85&format=png&size=48"),
    ("petals", "p=0.5&label=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87"),
    ("pie", "p=0.3&label=Build%20%E5%AE%8C%E4%BA%86%20%E2%9C%93&format=png&size=64"),
    ("ring", "p=0.5&label=%D7%A9%D7%9C%D7%95%D7%9D%20abc%20%D7%A9"), ("ring", "p=0.5&label=%E0%BD%80"),
    ("ring", "p=0.5&label=%F0%9F%98%80"),
    # Inputs the fuzzer found (see Tests/RingAppTests/FuzzRegressionTests.swift).
    ("activity", "p=0.8,0.6&colors=lightRed,darkBlue-ligL\x00\x00\x00ue&tracks=none,%2rounddd&size=256"),
    ("petals", "\x08p=%FF\x05FE"), ("petals", "=t\x08p=%FF%FoululrBlEu&p=0.5"), ("ring", "p=a value of \x04olor=li"),
]


def query_corpus(directory):
    for name, url in gallery():
        path, _, query = url.partition("?")
        route = path.strip("/").split(".")[0]
        # Control byte: bits 0-2 route, bits 3-4 extension (0 none, 1 .svg, 2 .png), bit 5 image client.
        extension = 2 if path.endswith(".png") else 1 if path.endswith(".svg") else 0
        control = ROUTES.index(route) | extension << 3 | (0x20 if len(name) % 2 else 0)
        write(directory, name, bytes([control]) + query.encode())
    for k, (route, query) in enumerate(HOSTILE):
        control = ROUTES.index(route) | (k % 3) << 3 | (0x20 if k % 2 == 0 else 0)
        write(directory, f"hostile-{route}-{k}", bytes([control]) + query.encode("latin-1"))


def main():
    for target, build in (("HTTPParser", http_corpus), ("RenderQuery", query_corpus)):
        directory = ROOT / "Fuzz" / target / "corpus"
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
        build(directory)
        print(f"{target}: {len(list(directory.iterdir()))} seeds")


if __name__ == "__main__":
    main()
