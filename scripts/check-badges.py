#!/usr/bin/env python3
"""ringd's /badge beside pybadges (the Python generator of shields.io's flat badge), in one Chromium page.

For "coverage | 87%", "build | passing" and "tests | 1,024 / 1,030", both badges are drawn in the same colours
(#555 label, #4c1 value) as SVG <img>s on a white page, at device scale 1 and 2, and screenshotted. From the
pixels (the same measurement for both): the height (rows the badge covers), the corners (the anti-aliased
pixels of a radius-3 corner at 2×) and the label part's width (where the middle row turns from grey to green).
Checks: our `style=flat` badge is as high as pybadges' (20 px), has the same corners, and its label part is
within ±15 % of pybadges' width; so is our static badge (the message and no p: no ring); and our `style=plastic`
against shields' own Plastic template (18 px, rx 4, its gloss; drawn here with pybadges' text widths, since
pybadges has no plastic style). The screenshots go to artifacts/badges/. Exits 1 when a check fails, 2 when
Chromium, chromedriver, Selenium, Pillow or pybadges is missing.

  scripts/check-badges.py [--port N] [--ringd PATH] [--scratch-path DIR]
"""

import argparse
import importlib.machinery
import importlib.util
import io
import os
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_check_browser():
    path = os.path.join(ROOT, "scripts", "check-browser")
    loader = importlib.machinery.SourceFileLoader("check_browser", path)
    spec = importlib.util.spec_from_loader("check_browser", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


CB = load_check_browser()

#: (label, message, p): the texts of the issue's comparison.
PAIRS = [("coverage", "87%", 0.87), ("build", "passing", 1), ("tests", "1,024 / 1,030", 1024 / 1030)]
LABEL, VALUE = (0x55, 0x55, 0x55), (0x44, 0xCC, 0x11)
ROW_HEIGHT = 40
#: The comparisons: (kind, expected height in CSS px).
KINDS = [("flat", 20), ("static", 20), ("plastic", 18)]


def shields_plastic(label, message, color):
    """shields.io's Plastic badge template (badge-maker's `Plastic` renderer), with pybadges' text widths."""
    from pybadges import precalculated_text_measurer
    measurer = precalculated_text_measurer.PrecalculatedTextMeasurer.default()
    # pybadges measures in tenths of a pixel.
    tl, tm = measurer.text_width(label) / 10, measurer.text_width(message) / 10
    lw, mw = round(tl) + 10, round(tm) + 10
    w = lw + mw
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="18">'
            '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#fff" stop-opacity=".7"/>'
            '<stop offset=".1" stop-color="#aaa" stop-opacity=".1"/><stop offset=".9" stop-color="#000" stop-opacity=".3"/>'
            '<stop offset="1" stop-color="#000" stop-opacity=".5"/></linearGradient>'
            f'<clipPath id="r"><rect width="{w}" height="18" rx="4" fill="#fff"/></clipPath>'
            f'<g clip-path="url(#r)"><rect width="{lw}" height="18" fill="#555"/>'
            f'<rect x="{lw}" width="{mw}" height="18" fill="{color}"/><rect width="{w}" height="18" fill="url(#s)"/></g>'
            '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" '
            'text-rendering="geometricPrecision" font-size="110">'
            f'<text x="{lw * 5}" y="140" fill="#010101" fill-opacity=".3" transform="scale(.1)">{label}</text>'
            f'<text x="{lw * 5}" y="130" transform="scale(.1)">{label}</text>'
            f'<text x="{lw * 10 + mw * 5}" y="140" fill="#010101" fill-opacity=".3" transform="scale(.1)">{message}</text>'
            f'<text x="{lw * 10 + mw * 5}" y="130" transform="scale(.1)">{message}</text></g></svg>')


def driver_for(browser, chromedriver, scale):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = browser
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 f"--force-device-scale-factor={scale}", "--window-size=500,400", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    d = webdriver.Chrome(service=Service(chromedriver), options=options)
    d.set_page_load_timeout(15)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 500, "height": 400, "deviceScaleFactor": scale, "mobile": False})
    return d


def near(a, b, tolerance):
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def measure(shot, left, top, scale):
    """Height (CSS px), label width (CSS px) and the 2×-corner block of the badge whose top-left is at (left, top)."""
    s = scale
    x0, y0 = int(left * s), int(top * s)
    # Height: rows below the top whose pixel 2.5 px in (left of any text, inside the corner) is not the white page.
    rows = 0
    while rows < 40 * s and not near(shot.getpixel((x0 + int(2.5 * s), y0 + rows)), (255, 255, 255), 8):
        rows += 1
    # The label part's width: along the middle row, the first pixel nearer the value colour than the label's.
    mid = y0 + int(10 * s)
    x = x0
    while x < x0 + 400 * s:
        p = shot.getpixel((x, mid))
        dl = sum((a - b) ** 2 for a, b in zip(p, LABEL))
        dv = sum((a - b) ** 2 for a, b in zip(p, VALUE))
        if dv < dl and not near(p, (255, 255, 255), 30):
            break
        x += 1
    corner = [shot.getpixel((x0 + i, y0 + j)) for j in range(int(3 * s)) for i in range(int(3 * s))]
    return rows / s, (x - x0) / s, corner


def main():
    from PIL import Image

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int)
    parser.add_argument("--ringd")
    parser.add_argument("--scratch-path")
    parser.add_argument("--out", default=os.path.join(ROOT, "artifacts", "badges"))
    args = parser.parse_args()
    try:
        import pybadges
    except ImportError:
        print("check-badges: pybadges is missing: pip install pybadges (or scripts/setup test)")
        return 2
    browser, chromedriver = CB.require_tools()
    server, port = (None, args.port) if args.port else CB.start_ringd(args)
    base = f"http://127.0.0.1:{port}"
    os.makedirs(args.out, exist_ok=True)
    temp = tempfile.mkdtemp(prefix="badges-")
    images = []
    rows = [(kind, height, label, message, p) for kind, height in KINDS for label, message, p in PAIRS]
    for i, (kind, _, label, message, p) in enumerate(rows):
        fields = {"label": label, "message": message, "color": "brightgreen"}
        if kind != "static":
            fields["p"] = f"{p:.4f}"
        if kind == "plastic":
            fields["style"] = "plastic"
        query = urllib.parse.urlencode(fields)
        with urllib.request.urlopen(f"{base}/badge?{query}", timeout=10) as r, \
                open(os.path.join(temp, f"ours{i}.svg"), "wb") as f:
            f.write(r.read())
        with open(os.path.join(temp, f"theirs{i}.svg"), "w") as f:
            f.write(shields_plastic(label, message, "#4c1") if kind == "plastic"
                    else pybadges.badge(left_text=label, right_text=message, right_color="#4c1"))
        top = 10 + ROW_HEIGHT * i
        images.append(f'<img src="ours{i}.svg" style="position:absolute;left:10px;top:{top}px">')
        images.append(f'<img src="theirs{i}.svg" style="position:absolute;left:240px;top:{top}px">')
    page = os.path.join(temp, "page.html")
    with open(page, "w") as f:
        f.write("<!doctype html><html><body style='margin:0;background:#fff'>" + "".join(images) + "</body></html>")
    problems = []
    try:
        for scale in (1, 2):
            d = driver_for(browser, chromedriver, scale)
            try:
                d.get("file://" + page)
                deadline = time.monotonic() + 10
                while not d.execute_script(
                        "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"):
                    if time.monotonic() > deadline:
                        problems.append(f"{scale}x: images did not load")
                        break
                    time.sleep(0.05)
                time.sleep(0.3)
                shot = Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")
                shot.save(os.path.join(args.out, f"compare-{scale}x.png"))
            finally:
                d.quit()
            for i, (kind, height, label, message, _) in enumerate(rows):
                top = 10 + ROW_HEIGHT * i
                oh, ow, oc = measure(shot, 10, top, scale)
                th, tw, tc = measure(shot, 240, top, scale)
                ratio = ow / tw if tw else float("inf")
                corner = max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(oc, tc))
                ok = oh == th == height and abs(ratio - 1) <= 0.15 and (scale == 1 or corner <= 48)
                what = f"{kind:7} {label + ' | ' + message:24}"
                print(f"{scale}x {what} height {oh:g} / {th:g}  label part {ow:g} / {tw:g} px"
                      f" ({ratio:.2f})  corner worst {corner}  {'ok' if ok else 'FAIL'}")
                if oh != th or oh != height:
                    problems.append(f"{scale}x {what}: height {oh} (theirs {th}, expected {height})")
                if abs(ratio - 1) > 0.15:
                    problems.append(f"{scale}x {what}: label part {ow} px against theirs {tw} ({ratio:.2f})")
                if scale == 2 and corner > 48:
                    problems.append(f"{scale}x {what}: corner pixels differ by up to {corner} levels")
    finally:
        import shutil
        shutil.rmtree(temp, ignore_errors=True)
        if server:
            server.terminate()
            server.wait(timeout=10)
    for p in problems:
        print("FAIL", p)
    print(f"badges beside pybadges and shields' plastic template: {len(rows)} pairs at 1x and 2x, {len(problems)} problem(s); screenshots in "
          f"{os.path.relpath(args.out, os.getcwd())}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
