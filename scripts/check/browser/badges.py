#!/usr/bin/env python3
"""ringd's /badge beside pybadges (the Python generator of shields.io's flat badge), in one Chromium page.

For "coverage | 87%", "build | passing" and "tests | 1,024 / 1,030", both badges are drawn in the same colours
(#555 label, #4c1 value) as SVG <img>s on a white page, at device scale 1 and 2, and screenshotted. From the
pixels (the same measurement for both): the height (rows the badge covers), the corners (the anti-aliased
pixels of a radius-3 corner at 2x), each part's width (along a row above the text: where the grey turns to the
value's colour, where the badge ends, to the tenth of a pixel from the edge pixels' coverage) and each text's
ink (the light a text adds over its part's background, summed over its part). Checks, for our `style=flat`
badge with its ring, our static badge (a message and no p: no ring) and our `style=plastic` against shields'
own Plastic template (18 px, rx 4, its gloss; drawn with pybadges' text widths, pybadges having no plastic):
as high as theirs with the same corners; each part within +-2 px of theirs (the value part of a ring badge
holds the ring, so only its label part); each text's ink per glyph within +-10 % of theirs (shields' type:
DejaVu Sans regular at 11 px). The reference badges name their fonts as pybadges and shields do; the check first
asks Chromium which face it sets those font stacks in and stops unless it is DejaVu Sans (where Verdana is
absent it is; where it is present, the references would be Verdana and the comparison meaningless). Then
`theme=auto` badges in light and in dark (Chromium's dark mode, seen by SVG images): the label part stays
shields' #555 (a flat-square badge: exactly; a flat one: as in light), and a themed /ring beside them shows
that dark mode did reach the images. The screenshots go to artifacts/badges/. Exits 1 when a check fails, 2
when Chromium, chromedriver, Selenium, Pillow or pybadges is missing or Chromium lacks DejaVu Sans.

  scripts/check/browser/badges.py [--port N] [--ringd PATH] [--scratch-path DIR]
"""

import argparse
import io
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import browser as CB  # noqa: E402



#: (label, message, p): the texts of the issue's comparison.
PAIRS = [("coverage", "87%", 0.87), ("build", "passing", 1), ("tests", "1,024 / 1,030", 1024 / 1030)]
LABEL, VALUE, WHITE = (0x55, 0x55, 0x55), (0x44, 0xCC, 0x11), (255, 255, 255)
ROW_HEIGHT = 32
#: Static badges' texts: messages that do not read as a value (ringd draws "87%" as the value, with its ring).
STATIC_PAIRS = [("build", "passing"), ("tests", "1,024 / 1,030"), ("license", "MIT"), ("version", "v1.2.0")]
#: The comparisons: (kind, expected height in CSS px, its pairs).
KINDS = [("flat", 20, PAIRS), ("static", 20, [(label, message, None) for label, message in STATIC_PAIRS]),
         ("plastic", 18, PAIRS)]
#: Largest difference of a part's width from the reference's, CSS px (issue 40: +-2 px).
WIDTH_TOLERANCE = 2
#: Largest relative difference of a text's ink from the reference's (issue 40: +-10 % per glyph).
INK_TOLERANCE = 0.10
#: The face the reference badges must be set in for the comparison to mean anything.
REFERENCE_FACE = "DejaVu Sans"
#: Row (CSS px from the badge's top) the widths are measured along: above every text and ring (the corners cut
#: the same sliver of its end pixels in both badges).
WIDTH_ROW = 2
#: Columns (CSS px) between a part's edge and its text's window; a text sits 5 px in, its slot may be 1 px wider.
INK_INSET = 4
#: `theme=auto` badges and the control whose dark look differs: (name, path and query, kind).
THEMED = [
    ("flat-square", "/badge?label=coverage&p=0.87&theme=auto&style=flat-square", "badge"),
    ("flat", "/badge?label=coverage&p=0.87&theme=auto", "badge"),
    ("control", "/ring?p=0.6&theme=auto&size=40", "control"),
]


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
            f'<g fill="#fff" text-anchor="middle" font-family="{SHIELDS_FONTS}" '
            'text-rendering="geometricPrecision" font-size="110">'
            f'<text x="{lw * 5}" y="140" fill="#010101" fill-opacity=".3" transform="scale(.1)">{label}</text>'
            f'<text x="{lw * 5}" y="130" transform="scale(.1)">{label}</text>'
            f'<text x="{lw * 10 + mw * 5}" y="140" fill="#010101" fill-opacity=".3" transform="scale(.1)">{message}</text>'
            f'<text x="{lw * 10 + mw * 5}" y="130" transform="scale(.1)">{message}</text></g></svg>')


#: shields' font stack (badge-maker), as its badges name it.
SHIELDS_FONTS = "Verdana,Geneva,DejaVu Sans,sans-serif"


def driver_for(browser, chromedriver, scale, dark=False):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = browser
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--force-device-scale-factor={scale}", "--window-size=500,400", "--disable-dev-shm-usage"]
    # The OS-level switch: DevTools' media emulation does not reach the documents of SVG images.
    flags += ["--force-dark-mode"] if dark else []
    for flag in flags:
        options.add_argument(flag)
    d = webdriver.Chrome(service=Service(chromedriver), options=options)
    d.set_page_load_timeout(15)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 500, "height": 400, "deviceScaleFactor": scale, "mobile": False})
    return d


def shoot(d, page, out):
    """Loads `page`, waits for its images and returns the screenshot (also saved to `out`); None if they did not load."""
    from PIL import Image

    d.get("file://" + page)
    deadline = time.monotonic() + 10
    while not d.execute_script("return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"):
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)
    time.sleep(0.3)
    shot = Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")
    shot.save(out)
    return shot


def platform_fonts(d, page, stacks):
    """The faces Chromium sets a probe text in for each font stack: {stack: [family, ...]}."""
    with open(page, "w") as f:
        f.write("<!doctype html><html><body>" + "".join(
            f'<p id="f{i}" style="font-family:{stack};font-size:11px">coverage 87% passing 1,024 / 1,030</p>'
            for i, stack in enumerate(stacks)) + "</body></html>")
    d.get("file://" + page)
    d.execute_cdp_cmd("DOM.enable", {})
    d.execute_cdp_cmd("CSS.enable", {})
    root = d.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
    faces = {}
    for i, stack in enumerate(stacks):
        node = d.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": f"#f{i}"})["nodeId"]
        fonts = d.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        faces[stack] = [f["familyName"] for f in fonts]
    return faces


def near(a, b, tolerance):
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def coverage(p, full, under=WHITE):
    """How much of `full` over `under` the pixel `p` shows (0 … 1), along the channel where they differ most."""
    c = max(range(3), key=lambda i: abs(full[i] - under[i]))
    return min(1.0, max(0.0, (p[c] - under[c]) / (full[c] - under[c]))) if full[c] != under[c] else 0.0


def part_widths(shot, left, top, scale):
    """(label part, value part) widths in CSS px of the badge whose top-left is at (left, top), along a row above
    the texts: the edges' anti-aliased pixels count by their coverage, the seam by where its pixel lies between
    the two parts' colours."""
    s = scale
    y = int((top + WIDTH_ROW) * s + s / 2)
    x0 = int(left * s) - 1
    row = [shot.getpixel((x, y)) for x in range(x0, min(shot.width, x0 + 480 * s))]
    inside = [i for i, p in enumerate(row) if not near(p, WHITE, 4)]
    if not inside:
        return 0, 0
    a = inside[0]
    b = a
    while b + 1 < len(row) and not near(row[b + 1], WHITE, 4):
        b += 1
    # Both parts' colours on this row, two pixels in from each end (the gloss and shade vary by row).
    lc, vc = row[a + 2 * s], row[b - 2 * s]
    label = coverage(row[a], lc)
    value = coverage(row[b], vc)
    d = [v - l for l, v in zip(lc, vc)]
    dd = sum(x * x for x in d) or 1
    for p in row[a + 1:b]:
        t = min(1.0, max(0.0, sum((x - l) * k for x, l, k in zip(p, lc, d)) / dd))
        label += 1 - t
        value += t
    return label / s, value / s


def ink(shot, x_from, x_to, top, height, background_x, scale):
    """The light a white text adds over its part between CSS x `x_from` and `x_to`, in CSS px² of full white:
    per device pixel, how far it is from its row's background (the pixel at `background_x`) towards white."""
    s = scale
    total = 0.0
    for y in range(int((top + 2) * s), int((top + height - 1) * s)):
        bg = shot.getpixel((int(background_x * s), y))
        for x in range(int(x_from * s), int(x_to * s)):
            total += coverage(shot.getpixel((x, y)), WHITE, bg)
    return total / (s * s)


def glyphs(text):
    return sum(1 for ch in text if not ch.isspace())


def measure(shot, left, top, scale):
    """Height (CSS px) and the 2x-corner block of the badge whose top-left is at (left, top)."""
    s = scale
    x0, y0 = int(left * s), int(top * s)
    # Height: rows below the top whose pixel 2.5 px in (left of any text, inside the corner) is not the white page.
    rows = 0
    while rows < 40 * s and not near(shot.getpixel((x0 + int(2.5 * s), y0 + rows)), WHITE, 8):
        rows += 1
    corner = [shot.getpixel((x0 + i, y0 + j)) for j in range(int(3 * s)) for i in range(int(3 * s))]
    return rows / s, corner


def compare(shot, kind, height, label, message, top, scale, problems):
    """Checks one pair of badges in one screenshot; prints its line."""
    what = f"{scale}x {kind:7} {label + ' | ' + message:24}"
    oh, oc = measure(shot, 10, top, scale)
    th, tc = measure(shot, 240, top, scale)
    corner = max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(oc, tc))
    ol, ov = part_widths(shot, 10, top, scale)
    tl, tv = part_widths(shot, 240, top, scale)
    # Each text's ink over its part: the label from the badge's left, the value in a window as wide as the
    # reference's value part anchored at the right end (so a ring badge's ring stays out of it).
    inks = []
    for name, text in (("label", label), ("value", message)):
        if name == "label":
            ours = ink(shot, 10 + INK_INSET, 10 + ol - INK_INSET, top, height, 10 + 2, scale)
            theirs = ink(shot, 240 + INK_INSET, 240 + tl - INK_INSET, top, height, 240 + 2, scale)
        else:
            right, their_right = 10 + ol + ov, 240 + tl + tv
            ours = ink(shot, right - tv + INK_INSET, right - INK_INSET, top, height, right - 2, scale)
            theirs = ink(shot, their_right - tv + INK_INSET, their_right - INK_INSET, top, height, their_right - 2, scale)
        n = glyphs(text)
        inks.append((name, ours / n, theirs / n))
    line = (f"{what} height {oh:g}/{th:g}  label part {ol:.1f}/{tl:.1f}  value part {ov:.1f}/{tv:.1f} px"
            f"  corner worst {corner}  ink/glyph " + ", ".join(f"{n} {o:.2f}/{t:.2f} ({o / t - 1:+.0%})" for n, o, t in inks))
    bad = []
    if oh != th or oh != height:
        bad.append(f"height {oh} (theirs {th}, expected {height})")
    if abs(ol - tl) > WIDTH_TOLERANCE:
        bad.append(f"label part {ol:.1f} px against theirs {tl:.1f}")
    if kind == "static" and abs(ov - tv) > WIDTH_TOLERANCE:
        bad.append(f"value part {ov:.1f} px against theirs {tv:.1f}")
    if scale == 2 and corner > 48:
        bad.append(f"corner pixels differ by up to {corner} levels")
    for name, o, t in inks:
        if not t or abs(o / t - 1) > INK_TOLERANCE:
            bad.append(f"{name} ink {o:.2f} px² per glyph against theirs {t:.2f} ({o / t - 1:+.0%})" if t else f"{name}: no ink in theirs")
    print(f"{line}  {'ok' if not bad else 'FAIL'}")
    problems += [f"{what}: {b}" for b in bad]


def check_themes(browser, chromedriver, base, temp, out, scale, problems):
    """`theme=auto` badges in light and dark: the label part stays #555; the control shows dark mode reached them."""
    images = []
    for i, (name, target, _) in enumerate(THEMED):
        with urllib.request.urlopen(base + target, timeout=10) as r, open(os.path.join(temp, f"themed{i}.svg"), "wb") as f:
            f.write(r.read())
        images.append(f'<img src="themed{i}.svg" style="position:absolute;left:10px;top:{10 + 50 * i}px">')
    page = os.path.join(temp, "themes.html")
    with open(page, "w") as f:
        f.write("<!doctype html><html><body style='margin:0;background:#fff'>" + "".join(images) + "</body></html>")
    shots = {}
    for mode in ("light", "dark"):
        d = driver_for(browser, chromedriver, scale, dark=mode == "dark")
        try:
            shots[mode] = shoot(d, page, os.path.join(out, f"themes-{mode}-{scale}x.png"))
            scheme = d.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        finally:
            d.quit()
        if shots[mode] is None:
            problems.append(f"{scale}x {mode}: images did not load")
            return
        if scheme != (mode == "dark"):
            problems.append(f"{scale}x {mode}: the page reports prefers-color-scheme dark = {scheme}")
    s = scale
    for i, (name, _, kind) in enumerate(THEMED):
        # A pixel of the label part left of its text (2.5 px in, half-way down), or the control's whole picture.
        top = 10 + 50 * i
        if kind == "badge":
            spot = (int(12.5 * s), int((top + 10) * s))
            light, dark = shots["light"].getpixel(spot), shots["dark"].getpixel(spot)
            exact = name == "flat-square"
            # The label's white text, in both modes: pixels of the label part's text box lighter than 200.
            box = (int(15 * s), int((top + 4) * s), int(58 * s), int((top + 16) * s))
            ink = {mode: sum(1 for p in shots[mode].crop(box).getdata() if min(p[:3]) > 200) for mode in shots}
            ok = near(light, dark, 2) and (not exact or (near(light, LABEL, 1) and near(dark, LABEL, 1)))
            ok = ok and min(ink.values()) > 40 * s * s
            print(f"{scale}x theme=auto {name:11} label part light #{bytes(light).hex()} dark #{bytes(dark).hex()}"
                  f"{' (shields #555)' if exact else ''}  white label px {ink['light']} / {ink['dark']}  {'ok' if ok else 'FAIL'}")
            if not ok:
                problems.append(f"{scale}x theme=auto {name}: label part #{bytes(light).hex()} in light, #{bytes(dark).hex()} in dark, "
                                f"white label pixels {ink['light']} / {ink['dark']}")
        else:
            box = (10 * s, top * s, 50 * s, (top + 40) * s)
            from PIL import ImageChops
            worst = max(hi for _, hi in ImageChops.difference(shots["light"].crop(box), shots["dark"].crop(box)).getextrema())
            print(f"{scale}x theme=auto control /ring: light and dark differ by up to {worst} levels  {'ok' if worst > 30 else 'FAIL'}")
            if worst <= 30:
                problems.append(f"{scale}x theme=auto: dark mode did not reach the SVG images (control unchanged)")


def main():
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
    temp = tempfile.mkdtemp(prefix="badges-")
    # Which face Chromium sets the references' font stacks in: the comparison holds against DejaVu Sans only.
    reference = pybadges.badge(left_text="x", right_text="y")
    stacks = [re.search(r'font-family="([^"]+)"', reference).group(1), SHIELDS_FONTS]
    d = driver_for(browser, chromedriver, 1)
    try:
        faces = platform_fonts(d, os.path.join(temp, "fonts.html"), stacks)
    finally:
        d.quit()
    for stack, names in faces.items():
        print(f"Chromium sets font-family=\"{stack}\" in {', '.join(names)}")
        if names != [REFERENCE_FACE]:
            print(f"check-badges: the references would not be in {REFERENCE_FACE} (install fonts-dejavu-core)")
            shutil.rmtree(temp, ignore_errors=True)
            return 2
    server, port = (None, args.port) if args.port else CB.start_ringd(args)
    base = f"http://127.0.0.1:{port}"
    os.makedirs(args.out, exist_ok=True)
    images = []
    rows = [(kind, height, label, message, p) for kind, height, pairs in KINDS for label, message, p in pairs]
    problems = []
    try:
        for i, (kind, _, label, message, p) in enumerate(rows):
            fields = {"label": label, "message": message, "color": "brightgreen"}
            if p is not None:
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
        for scale in (1, 2):
            d = driver_for(browser, chromedriver, scale)
            try:
                shot = shoot(d, page, os.path.join(args.out, f"compare-{scale}x.png"))
            finally:
                d.quit()
            if shot is None:
                problems.append(f"{scale}x: images did not load")
                continue
            for i, (kind, height, label, message, _) in enumerate(rows):
                compare(shot, kind, height, label, message, 10 + ROW_HEIGHT * i, scale, problems)
            check_themes(browser, chromedriver, base, temp, args.out, scale, problems)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
        if server:
            server.terminate()
            server.wait(timeout=10)
    for p in problems:
        print("FAIL", p)
    print(f"badges beside pybadges and shields' plastic template: {len(rows)} pairs at 1x and 2x, themes light and dark, "
          f"{len(problems)} problem(s); screenshots in {os.path.relpath(args.out, os.getcwd())}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
