#!/usr/bin/env python3
"""`theme=auto` in a real browser (headless Chromium through Selenium): one image URL, right in light and dark mode.

Shows `<img src="/ring?p=0.7&theme=auto&label=auto">` (and a gradient ring at 30 %) on a mid-grey page,
once with the page's colour scheme emulated as light and once as dark, and checks pixels: on light pages the
light track (systemGray6, #f2f2f7) and a near-black label; on dark pages the dark track (#1c1c1e) and a
near-white label. (Badges with theme=auto, whose label part stays shields' #555 in both, are checked beside
pybadges by badges.py.) The scheme is emulated through DevTools (`Emulation.setEmulatedMedia`, prefers-color-scheme),
which reaches the documents of SVG images too (unlike reduced motion, see animations).
Screenshots go to artifacts/theme-auto/. Exits 1 when a check fails, 2 when Chromium, chromedriver, Selenium or
Pillow is missing.

  scripts/check/browser/theme-auto.py [--port N] [--ringd PATH] [--scratch-path DIR]
"""

import argparse
import io
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import browser as CB  # noqa: E402



#: (image target, where the track shows, the label's box) at 128 px; the track point lies on the ring's track
#: where no progress covers it, the label box around the middle.
CASES = [
    ("/ring?p=0.7&theme=auto&label=auto", (11, 45), (40, 52, 88, 76)),
    ("/ring.svg?p=0.3&theme=auto&label=auto&gradient=move", (11, 64), (40, 52, 88, 76)),
]
LIGHT_TRACK, DARK_TRACK = (0xF2, 0xF2, 0xF7), (0x1C, 0x1C, 0x1E)
GREY = (128, 128, 128)


def driver_for(browser, chromedriver, dark):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = browser
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--force-device-scale-factor=1", "--window-size=600,300", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    d = webdriver.Chrome(service=Service(chromedriver), options=options)
    d.set_page_load_timeout(15)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 600, "height": 300, "deviceScaleFactor": 1, "mobile": False})
    d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                      {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return d


def near(a, b, tolerance):
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def main():
    from PIL import Image

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int)
    parser.add_argument("--ringd")
    parser.add_argument("--scratch-path")
    parser.add_argument("--out", default=os.path.join(ROOT, "artifacts", "theme-auto"))
    args = parser.parse_args()
    browser, chromedriver = CB.require_tools()
    server, port = (None, args.port) if args.port else CB.start_ringd(args)
    base = f"http://127.0.0.1:{port}"
    os.makedirs(args.out, exist_ok=True)
    # A file page beside local copies of the SVGs (a file page may not load images from loopback).
    import tempfile
    import urllib.request
    temp = tempfile.mkdtemp(prefix="theme-auto-")
    for i, (target, _, _) in enumerate(CASES):
        with urllib.request.urlopen(base + target, timeout=10) as r, open(os.path.join(temp, f"c{i}.svg"), "wb") as f:
            f.write(r.read())
    images = "".join(f'<img src="c{i}.svg" width="128" height="128" '
                     f'style="position:absolute;left:{10 + 150 * i}px;top:10px">' for i in range(len(CASES)))
    page = os.path.join(temp, "page.html")
    with open(page, "w") as f:
        f.write(f"<!doctype html><html><body style='margin:0;background:rgb{GREY}'>{images}</body></html>")
    problems = []
    try:
        for dark in (False, True):
            mode = "dark" if dark else "light"
            d = driver_for(browser, chromedriver, dark)
            try:
                scheme = d.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
                if scheme != dark:
                    problems.append(f"{mode}: the page does not report prefers-color-scheme {mode}")
                d.get("file://" + page)
                deadline = time.monotonic() + 10
                while not d.execute_script(
                        "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"):
                    if time.monotonic() > deadline:
                        problems.append(f"{mode}: images did not load")
                        break
                    time.sleep(0.05)
                time.sleep(0.3)
                shot = Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")
                shot.save(os.path.join(args.out, f"{mode}.png"))
            finally:
                d.quit()
            for i, (target, (tx, ty), box) in enumerate(CASES):
                ox, oy = 10 + 150 * i, 10
                track = shot.getpixel((ox + tx, oy + ty))
                want = DARK_TRACK if dark else LIGHT_TRACK
                if not near(track, want, 6):
                    problems.append(f"{mode} {target}: track pixel {track}, expected about {want}")
                label = [shot.getpixel((ox + x, oy + y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])]
                # The label's ink: pixels far from the page grey and from the (transparent) hole.
                dark_ink = sum(1 for p in label if max(p) < 60)
                light_ink = sum(1 for p in label if min(p) > 200)
                ok = light_ink > 40 and dark_ink < 5 if dark else dark_ink > 40 and light_ink < 5
                print(f"{mode:5} {target:55} track {track}  label ink: {dark_ink} dark px, {light_ink} light px"
                      f"  {'ok' if ok and near(track, want, 6) else 'FAIL'}")
                if not ok:
                    problems.append(f"{mode} {target}: label ink {dark_ink} dark / {light_ink} light pixels")
    finally:
        import shutil
        shutil.rmtree(temp, ignore_errors=True)
        if server:
            server.terminate()
            server.wait(timeout=10)
    for p in problems:
        print("FAIL", p)
    print(f"theme=auto: {len(CASES)} images in light and dark, {len(problems)} problem(s); screenshots in "
          f"{os.path.relpath(args.out, os.getcwd())}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
