#!/usr/bin/env python3
"""Tip shadow per frame (issue 40 item 5), on the APNG's frames and on the SVG in Chromium at the same times.

For each animated case the APNG and the SVG are drawn twice, with `shadow=auto` and `shadow=off`. At every APNG
frame's time (the sum of the delays before it) the frame's own progress is the eased sweep times the largest p;
where it is at most 0.96 the two pictures must not differ (no shadow pixels, on the track ahead of the head or
anywhere): APNG frames exactly, Chromium (paused at that time, `document.getAnimations()`) within a few levels of
anti-aliasing. The final frame must differ (the shadow is there at rest), so the check can fail.

  scripts/check/browser/tip-shadow.py [--ringd PATH] [--no-chromium]
Exits 1 when a frame shows a shadow too early, 2 when a tool is missing.
"""

import argparse
import io
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
CASES = ["ring?p=1.2&bg=black", "ring?p=0.99&cap=butt&bg=white", "ring?p=1.7&thickness=30%25&bg=black",
         "activity?p=0.5,1.3,0.98&bg=black"]
THRESHOLD = 0.96
# Chromium's anti-aliasing of the same shapes in two documents: a shadow on black darkens the track by far more.
CHROMIUM_LEVELS = 24
# Shots of one time taken again when the first pair differs (see below).
RETRIES = 3


def ease(x):
    """CSS ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), by bisection on the curve parameter."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        s = (lo + hi) / 2
        bx = 3 * 0.42 * s * (1 - s) ** 2 + 3 * 0.58 * s * s * (1 - s) + s ** 3
        lo, hi = (s, hi) if bx < x else (lo, s)
    s = (lo + hi) / 2
    return 3 * s * s * (1 - s) + s ** 3


def frames(path):
    from PIL import Image, ImageSequence
    im = Image.open(path)
    out, t = [], 0.0
    for k, fr in enumerate(ImageSequence.Iterator(im)):
        if k == 0 and im.info.get("default_image"):
            continue
        out.append((t, fr.convert("RGB").copy()))
        t += fr.info.get("duration", 0) / 1000
    return out


def differing(a, b, levels):
    from PIL import ImageChops
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > levels else 0)
    return diff.histogram()[255]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ringd")
    parser.add_argument("--no-chromium", action="store_true")
    args = parser.parse_args()
    ringd = args.ringd or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "ringd")
    try:
        import PIL  # noqa: F401
    except ImportError:
        sys.exit(2)
    chromium = None
    if not args.no_chromium:
        if not (shutil.which("chromium") and shutil.which("chromedriver")):
            print("check-tip-shadow: chromium/chromedriver missing", file=sys.stderr)
            sys.exit(2)
        from browser import Chromium as chromium
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        browser = chromium(work) if chromium else None
        try:
            for case in CASES:
                route, query = case.split("?")
                queries = [f"/{route}.{fmt}?{query}&size=256&animate=1&shadow={s}"
                           for s in ("auto", "off") for fmt in ("png", "svg")]
                result = subprocess.run([ringd, "render", "--out-dir", work], input="\n".join(queries) + "\n",
                                        capture_output=True, text=True)
                paths = result.stdout.split()
                if len(paths) != 4:
                    sys.exit(f"check-tip-shadow: ringd render: {result.stderr[-2000:]}")
                lit, plain = frames(paths[0]), frames(paths[2])
                duration = lit[-1][0]
                p = max(float(v) for v in query.split("p=")[1].split("&")[0].split(","))
                early = [k for k, (t, _) in enumerate(lit) if ease(t / duration) * p <= THRESHOLD]
                worst = max((differing(lit[k][1], plain[k][1], 0) for k in early), default=0)
                final = differing(lit[-1][1], plain[-1][1], 0)
                ok = worst == 0 and final > 0 and len(early) >= 10
                failures += not ok
                print(f"{case}: APNG {len(lit)} frames, {len(early)} at progress <= {THRESHOLD}: "
                      f"most shadow pixels {worst}; at rest {final}  {'ok' if ok else 'FAIL'}")
                if browser:
                    times = [lit[k][0] for k in early] + [duration]
                    svgs = [open(paths[i]).read() for i in (1, 3)]
                    shots = [browser.shots(svg, times) for svg in svgs]
                    counts = [differing(a, b, CHROMIUM_LEVELS) for a, b in zip(*shots)]
                    # On a busy machine Chromium now and then screenshots a moment before the pause lands (the
                    # same time then gives another count in the next run); a time whose count is not the one
                    # expected (none before the threshold, some at rest) is shot again, and a real fault shows in
                    # every retry.
                    for i, t in enumerate(times):
                        at_rest = i == len(times) - 1
                        for _ in range(RETRIES):
                            if (counts[i] > 0) == at_rest:
                                break
                            again = [browser.shots(svg, [t, t])[-1] for svg in svgs]
                            counts[i] = differing(again[0], again[1], CHROMIUM_LEVELS)
                    if max(counts[:-1], default=0):
                        print("  per time:", [(round(t, 3), c) for t, c in zip(times, counts) if c])
                    ok = max(counts[:-1], default=0) == 0 and counts[-1] > 0
                    failures += not ok
                    print(f"{case}: SVG in Chromium at the same {len(times) - 1} times: most shadow pixels "
                          f"{max(counts[:-1], default=0)}; at rest {counts[-1]}  {'ok' if ok else 'FAIL'}")
        finally:
            if browser:
                browser.quit()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
