#!/usr/bin/env python3
"""Checks the URL builder page and the SVG/PNG agreement in a real browser (headless Chromium through Selenium).

Two parts (both by default; --only builder or --only gallery for one):

builder  Opens ringd's `/` at 1280 px wide. Moves the progress slider with the arrow keys, picks a colour, switches
         the style with the keyboard, and types a bad size; after each step it checks that the URL field, both preview
         images (src, loaded, naturalWidth > 0) and every snippet follow, and that the bad size is reported by name.
         Every form control must have a label, the page must not scroll sideways at 375 or 1280 px, and the browser
         console must stay free of errors (CSP violations included). Full-page screenshots at 375 and 1280 px wide:
         builder-375.png, builder-1280.png.

gallery  Shows every case of scripts/gallery-cases.txt as our SVG in an <img> on one mid-grey page (128,128,128;
         written to a temp dir beside local copies of the SVGs: a file page may not load images from loopback),
         screenshots it at device scale 1 (gallery.png), and compares each SVG as Chromium draws it with our PNG of the
         same query composited on the same grey. Fails a case whose mean channel difference is above 2 levels and
         writes CASE.diff.png: Chromium | ours | difference x 8. Animated cases compare the picture they rest on: the
         browser prefers reduced motion, under which our animated SVGs show their final frame at once (as in
         scripts/check/browser/animations), and the still PNG, which is the APNG's final frame (PNGRouteTests pins that).
         Also four error images as an image client gets them (ERROR_CASES: messages quoting Arabic, Devanagari,
         CJK and Greek labels, set in the label typeface).

Screenshots go to artifacts/browser/ (--out); the path is printed. Exits 1 when a check fails, 2 when Chromium,
chromedriver, Selenium or Pillow is missing.

  scripts/check/browser/builder.py [--port N] [--ringd PATH] [--scratch-path DIR] [--only builder|gallery] [--out DIR]

Without --port it starts its own ringd (--ringd, or the swift build one, built if absent) on a free loopback port.
Runtime: 25-40 s on the team's shared 2-core machine (two browser sessions; most of it is the debug build of ringd
drawing the 70 gallery PNGs).
"""

import argparse
import concurrent.futures
import io
import html
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import browser as CB  # noqa: E402
#: The whole run must stay within this many seconds.
TIME_BUDGET = 90.0
#: Seconds a single wait for the page (images loaded, snippets updated) may take.
WAIT = 10.0
#: Gallery: largest mean channel difference (levels of 255) between Chromium's SVG and our PNG, per case.
MAX_MEAN = 2.0
GREY = (128, 128, 128)
#: Gallery page: width of the page and the gap around each image, in CSS pixels.
PAGE_WIDTH = 1400
GAP = 16
#: Widths at which the builder page is screenshotted (phone, laptop).
WIDTHS = (375, 1280)




def new_driver(browser, driver, width, height, reduced_motion=False):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = browser
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
             f"--window-size={width},{height}", "--disable-background-timer-throttling",
             # CI containers often have a small /dev/shm; Chromium then crashes on large screenshots without this.
             "--disable-dev-shm-usage"]
    # The OS-level switch: media emulation through DevTools does not reach the documents of SVG images.
    flags += ["--force-prefers-reduced-motion"] if reduced_motion else []
    for flag in flags:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(driver), options=options)
    d.set_page_load_timeout(15)
    set_viewport(d, width, height)
    return d


def set_viewport(d, width, height):
    """Pins the viewport itself (the window size includes the browser's frame), one device pixel per CSS pixel."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def console_errors(d):
    return [e["message"] for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def screenshot(d):
    from PIL import Image
    return Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")


def wait_for(d, script, what, *args):
    """Polls `script` (returning a truthy value when done) for up to WAIT seconds; raises naming `what`."""
    deadline = time.monotonic() + WAIT
    last = None
    while time.monotonic() < deadline:
        last = d.execute_script(script, *args)
        if last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


# The state of the page the checks compare: URL field, previews, snippets, status line.
STATE = """
const svg = document.getElementById('preview-svg'), png = document.getElementById('preview-png');
const snippets = {};
for (const box of document.querySelectorAll('.snippets textarea')) snippets[box.id] = box.value;
return {
  url: document.getElementById('url').value,
  svg: svg.getAttribute('src'), svgLoaded: svg.complete && svg.naturalWidth > 0, svgWidth: svg.naturalWidth,
  png: png.getAttribute('src'), pngLoaded: png.complete && png.naturalWidth > 0, pngWidth: png.naturalWidth,
  snippets, status: document.getElementById('status').textContent, info: document.getElementById('info').textContent,
};
"""


class BuilderCheck:
    def __init__(self, d, base, problems):
        self.d, self.base, self.problems = d, base, problems

    def state(self):
        return self.d.execute_script(STATE)

    def expect(self, condition, message):
        if not condition:
            self.problems.append(message)
        return condition

    def settled(self, route, query, alt):
        """Waits until previews show `route`?`query` (loaded) and the snippets carry it with `alt`; checks them."""
        url = f"{self.base}/{route}?{query}"
        svg, png = f"/{route}.svg?{query}", f"/{route}.png?{query}"
        try:
            wait_for(self.d, """
                const [svg, png, alt] = arguments;
                const a = document.getElementById('preview-svg'), b = document.getElementById('preview-png');
                return a.getAttribute('src') === svg && b.getAttribute('src') === png && a.complete && b.complete
                    && a.naturalWidth > 0 && b.naturalWidth > 0
                    && document.getElementById('snippet-markdown').value.startsWith('![' + alt + ']');
                """, f"previews {svg} and snippets with alt {alt!r}", svg, png, alt)
        except AssertionError as e:
            self.problems.append(str(e))
        s = self.state()
        self.expect(s["url"] == url, f"URL field {s['url']!r}, expected {url!r}")
        self.expect(s["svg"] == svg and s["svgLoaded"], f"SVG preview {s['svg']!r} loaded={s['svgLoaded']}, expected {svg!r}")
        self.expect(s["png"] == png and s["pngLoaded"], f"PNG preview {s['png']!r} loaded={s['pngLoaded']}, expected {png!r}")
        sn = s["snippets"]
        html_url = url.replace("&", "&amp;")
        self.expect(sn["snippet-markdown"] == f"![{alt}]({url})", f"Markdown snippet {sn['snippet-markdown']!r}")
        self.expect(f'<img src="{html_url}"' in sn["snippet-html"] and f'alt="{alt}"' in sn["snippet-html"],
                    f"HTML snippet {sn['snippet-html']!r}")
        self.expect(sn["snippet-auto"] == f"![{alt}]({url}&theme=auto)", f"theme=auto snippet {sn['snippet-auto']!r}")
        dark = f"{html_url}&amp;theme=dark"
        self.expect('media="(prefers-color-scheme: dark)"' in sn["snippet-picture"] and dark in sn["snippet-picture"]
                    and 'media="(prefers-color-scheme: light)"' in sn["snippet-picture"]
                    and f'srcset="{html_url}"' in sn["snippet-picture"], f"<picture> snippet {sn['snippet-picture']!r}")
        # E-mail: the PNG at scale=2, shown at its CSS size (width and height), so it is sharp on dense screens.
        mail = f"{self.base}{png}{'&' if '?' in png else '?'}scale=2".replace("&", "&amp;")
        self.expect(f'<img src="{mail}"' in sn["snippet-email"] and 'width="' in sn["snippet-email"],
                    f"e-mail snippet {sn['snippet-email']!r}")
        self.expect(f"curl -o {route}.svg '{self.base}{svg}'" in sn["snippet-curl"]
                    and f"curl -o {route}.png '{self.base}{png}'" in sn["snippet-curl"], f"curl snippet {sn['snippet-curl']!r}")
        # The preview really is this query's picture: same bytes as a direct request.
        for path, width in ((svg, s["svgWidth"]), (png, s["pngWidth"])):
            self.expect(width > 0, f"{path} has naturalWidth {width}")
        return s


def check_builder(browser, driver, base, out, problems):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    d = new_driver(browser, driver, 1280, 900)
    check = BuilderCheck(d, base, problems)
    try:
        d.get(base + "/")
        check.settled("ring", "p=0.7", "70% progress")

        # Every control is labelled (a <label for>, or aria-label): hidden ones too, they show for other styles.
        unlabelled = d.execute_script("""
            return Array.from(document.querySelectorAll('input, select, textarea, button'))
              .filter(c => !(c.labels && c.labels.length) && !c.getAttribute('aria-label') && c.tagName !== 'BUTTON'
                           || c.tagName === 'BUTTON' && !c.textContent.trim() && !c.getAttribute('aria-label'))
              .map(c => c.id || c.outerHTML.slice(0, 80));""")
        check.expect(not unlabelled, f"controls without a label: {unlabelled}")

        # (1) The slider, by keyboard: five steps right is 0.75.
        slider = d.find_element(By.ID, "ring-p")
        d.execute_script("arguments[0].focus()", slider)
        d.execute_script("arguments[0].value = '0.7'; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", slider)
        for _ in range(5):
            slider.send_keys(Keys.ARROW_RIGHT)
        check.expect(d.find_element(By.ID, "ring-p-n").get_attribute("value") == "0.75",
                     f"exact field shows {d.find_element(By.ID, 'ring-p-n').get_attribute('value')!r} after 5 × →")
        check.settled("ring", "p=0.75", "75% progress")

        # (2) A colour, as the colour picker reports it (an input event with the new value).
        picker = d.find_element(By.ID, "ring-color-pick")
        d.execute_script("arguments[0].value = '#ff0000'; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
                         picker)
        check.expect(d.find_element(By.ID, "ring-color").get_attribute("value") == "#ff0000", "colour text did not follow the picker")
        s = check.settled("ring", "p=0.75&color=ff0000", "75% progress")
        svg_bytes = urllib.request.urlopen(base + "/ring.svg?p=0.75&color=ff0000", timeout=10).read()
        check.expect(b"#ff0000" in svg_bytes.lower(), "the red ring's SVG does not contain #ff0000")

        # (3) The style, by keyboard (arrow keys move between the radio buttons).
        d.find_element(By.ID, "route-ring").send_keys(Keys.ARROW_RIGHT)
        check.settled("activity", "p=0.8,0.6,1.1", "Activity: 80%, 60%, 110%")
        hidden = d.execute_script("return document.getElementById('params-ring').hidden && !document.getElementById('params-activity').hidden")
        check.expect(hidden, "the /ring fieldset still shows (or /activity's does not) after choosing /activity")

        # (4) A bad value is reported by name (ringd's error image and its X-Ring-Error message), not silently.
        size = d.find_element(By.ID, "common-size")
        size.send_keys("5")
        try:
            status = wait_for(d, "const t = document.getElementById('status').textContent; return t.startsWith('size') && t;",
                              "the status line to name size")
            check.expect("16" in status and "2048" in status, f"the size message does not quote the range: {status!r}")
        except AssertionError as e:
            problems.append(str(e))
        size.send_keys(Keys.BACKSPACE)
        check.settled("activity", "p=0.8,0.6,1.1", "Activity: 80%, 60%, 110%")
        check.expect(d.find_element(By.ID, "status").text == "", "the status line kept the old error after the fix")

        # (4b) A refused label in Arabic and CJK (the Tibetan letter at its end is in no font): the status line shows
        # ringd's message exactly as the 400 text has it, decoded from X-Ring-Error* (X-Ring-Error is ASCII).
        label = d.find_element(By.ID, "common-label")
        text = "\u0633\u0644\u0627\u0645 \u4f60\u597d \u0f40"
        d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
                         label, text)
        target = f"{base}/activity?p=0.8,0.6,1.1&label={urllib.parse.quote(text)}"
        try:
            urllib.request.urlopen(target, timeout=10)
            expected = None
        except urllib.error.HTTPError as e:
            expected = e.read().decode("utf-8").strip()
        check.expect(expected is not None and text in expected, f"{target} was not refused quoting the label: {expected!r}")
        try:
            shown = wait_for(d, "const t = document.getElementById('status').textContent; return t === arguments[0] && t;",
                             f"the status line to show {expected!r}", expected)
            check.expect(shown == expected, f"status line {shown!r}")
        except AssertionError as e:
            problems.append(str(e))
        d.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", label)
        check.settled("activity", "p=0.8,0.6,1.1", "Activity: 80%, 60%, 110%")

        # Back on /ring, the red ring is as it was left.
        d.find_element(By.ID, "route-ring").click()
        check.settled("ring", "p=0.75&color=ff0000", "75% progress")

        # (5) Animation on (space on the checkbox) and a label: the animated SVG and APNG load, still no errors.
        d.find_element(By.ID, "common-animate").send_keys(Keys.SPACE)
        d.find_element(By.ID, "common-label").send_keys("auto")
        check.settled("ring", "p=0.75&color=ff0000&label=auto&animate=1", "75% progress")
        d.find_element(By.ID, "common-animate").send_keys(Keys.SPACE)
        check.settled("ring", "p=0.75&color=ff0000&label=auto", "75% progress")

        errors = console_errors(d)
        check.expect(not errors, f"console errors: {errors}")

        check_issue_39(d, check, base)

        # Screenshots of the whole page at phone and laptop widths.
        for width in WIDTHS:
            set_viewport(d, width, 800)
            time.sleep(0.2)
            overflow = d.execute_script("return document.documentElement.scrollWidth")
            check.expect(overflow <= width, f"at {width} px the page is {overflow} px wide (scrolls sideways)")
            height = min(d.execute_script("return document.documentElement.scrollHeight"), 8000)
            set_viewport(d, width, height)
            time.sleep(0.3)
            path = os.path.join(out, f"builder-{width}.png")
            screenshot(d).save(path)
        errors = console_errors(d)
        check.expect(not errors, f"console errors: {errors}")
        print(f"builder: {len(problems)} problem(s); screenshots {', '.join(f'builder-{w}.png' for w in WIDTHS)}")
    finally:
        d.quit()


def set_input(d, element, value, event="input"):
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event(arguments[2], {bubbles: true}));",
                     element, value, event)


def check_issue_39(d, check, base):
    """Issue 39: p typed in every spelling, a pasted URL editing the controls, the preview in view on a phone while
    the slider moves, and every snippet's URL answering 200 at the size it states."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    d.find_element(By.ID, "route-ring").click()
    exact = d.find_element(By.ID, "ring-p-n")
    url = lambda: d.find_element(By.ID, "url").get_attribute("value")
    for spelling in ("70%", ".7", "7/10"):
        set_input(d, exact, spelling)
        check.expect("?p=0.7&" in url() + "&", f"typing p={spelling!r} gives the URL {url()!r}, not p=0.7")
    set_input(d, exact, "70")
    error = d.find_element(By.ID, "ring-p-err").text
    check.expect("p=70" not in url() and error.startswith('p: got "70"; expected a number 0'),
                 f"p=70 (7000 %) is refused under the field ({error!r}), the URL keeps the last valid value ({url()!r})")
    set_input(d, exact, "150%")
    check.expect("?p=1.5" in url() and d.find_element(By.ID, "ring-p-err").text == "", f"150% (past the slider) gives {url()!r}")

    # A pasted URL sets the controls; the parameter no control takes is kept and shown.
    pasted = "/activity?p=0.2,0.9&size=96&bg=black&foo=1"
    set_input(d, d.find_element(By.ID, "url"), base + pasted, "change")
    state = d.execute_script("""
        return {route: document.querySelector('input[name=route]:checked').value,
                rings: document.getElementById('activity-p-count').value,
                r1: document.getElementById('activity-p-1-n').value, r2: document.getElementById('activity-p-2-n').value,
                size: document.getElementById('common-size').value, bg: document.getElementById('common-bg').value,
                kept: document.getElementById('kept').textContent, url: document.getElementById('url').value};""")
    check.expect(state["route"] == "activity" and state["rings"] == "2" and (state["r1"], state["r2"]) == ("0.2", "0.9")
                 and state["size"] == "96" and state["bg"] == "black" and state["kept"] == "foo=1"
                 and state["url"] == base + pasted, f"pasting {pasted}: controls {state}")
    check.settled("activity", "p=0.2,0.9&size=96&bg=black&foo=1", "Activity: 20%, 90%")
    # Opening /#<URL> or /?url=<URL> loads it the same way.
    d.get("about:blank")
    d.get(base + "/#" + urllib.parse.quote("/pie?p=0.3&size=64&v=2", safe="/?&="))
    check.settled("pie", "p=0.3&size=64&v=2", "30% progress")
    d.get(base + "/?url=" + urllib.parse.quote(base + "/petals?p=0.4&petals=12"))
    check.settled("petals", "p=0.4&petals=12", "40% progress")

    # Every snippet's URL answers 200, and each <img> states the size the picture shows at.
    for target, route in (("/ring?p=0.7&label=auto&theme=auto", "ring"), ("/badge?p=0.87&label=coverage&scale=2", "badge")):
        set_input(d, d.find_element(By.ID, "url"), base + target, "change")
        wait_for(d, "return document.getElementById('snippet-html').value.includes('width=')",
                 f"{target}: snippets with a width")
        snippets = check.state()["snippets"]
        check.expect("theme=auto" not in snippets["snippet-email"] and "theme=auto" not in snippets["snippet-curl"].split("\n")[1],
                     f"{target}: a PNG snippet carries theme=auto: {snippets['snippet-email']!r}")
        for name, text in snippets.items():
            for match in re.finditer(r'(?:src|srcset)="([^"]+)"|\]\(([^)]+)\)|\'(http[^\']+)\'', text):
                link = html.unescape(next(g for g in match.groups() if g))
                with urllib.request.urlopen(urllib.request.Request(link, headers={"Accept": "image/*"}), timeout=20) as r:
                    body = r.read()
                    check.expect(r.status == 200 and r.headers.get("X-Ring-Error") is None, f"{name}: {link} answered {r.status}")
            for img in re.finditer(r'<img src="([^"]+)" width="(\d+)" height="(\d+)"', text):
                link, w, h = html.unescape(img.group(1)), int(img.group(2)), int(img.group(3))
                body = urllib.request.urlopen(link, timeout=20).read()
                scale = int(urllib.parse.parse_qs(urllib.parse.urlsplit(link).query).get("scale", ["1"])[0])
                if body.startswith(b"\x89PNG"):
                    pw, ph = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
                    size = (pw / scale, ph / scale)
                else:
                    m = re.match(rb'<svg[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"', body)
                    size = (float(m.group(1)), float(m.group(2))) if m else (0, 0)
                check.expect(size == (w, h), f"{route} {name}: {link} shows at {size}, the snippet says {w}x{h}")

    # A phone (390 x 844): the preview stays on screen while the slider is dragged.
    d.find_element(By.ID, "route-ring").click()
    set_viewport(d, 390, 844)
    time.sleep(0.3)
    slider = d.find_element(By.ID, "ring-p")
    d.execute_script("arguments[0].scrollIntoView({block: 'end'})", slider)
    time.sleep(0.2)
    ActionChains(d).click_and_hold(slider).move_by_offset(-40, 0).pause(0.2).move_by_offset(30, 0).perform()
    seen = d.execute_script("""
        const r = document.getElementById('preview-svg').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: r.height, inner: innerHeight, scroll: scrollY};""")
    ActionChains(d).release().perform()
    check.expect(seen["scroll"] > 0 and seen["height"] > 0 and seen["top"] >= 0 and seen["bottom"] <= seen["inner"],
                 f"at 390x844 the preview is off screen while the slider is dragged: {seen}")
    # Far down the controls (the last common field), it is still there.
    d.execute_script("document.getElementById('common-max').scrollIntoView({block: 'end'})")
    time.sleep(0.2)
    far = d.execute_script("""
        const r = document.getElementById('preview-svg').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: r.height, inner: innerHeight, scroll: scrollY};""")
    check.expect(far["scroll"] > 1000 and far["height"] > 0 and far["top"] >= 0 and far["bottom"] <= far["inner"],
                 f"at 390x844, scrolled to the last control, the preview is off screen: {far}")
    print(f"issue 39: p spellings, paste, snippets and the phone preview checked (preview at {seen['top']:.0f}-{seen['bottom']:.0f} px"
          f" while dragging at scroll {seen['scroll']:.0f} px; {far['top']:.0f}-{far['bottom']:.0f} px at scroll {far['scroll']:.0f} px)")
    set_viewport(d, 1280, 900)


def gallery_cases(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                name, target = line.split("\t")
                cases.append((name, target.replace(" ", "%20")))
    return cases


#: Error images, as an image client gets them (Accept: image/*): the message set in the label typeface, here
#: quoting labels in several scripts (the Tibetan letter at the end is in no font, which is the error).
ERROR_CASES = [
    ("error-arabic", "/ring?p=0.7&size=128&label=%D8%B3%D9%84%D8%A7%D9%85%E0%BD%80"),
    ("error-devanagari", "/ring?p=0.7&size=128&label=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87%E0%BD%80"),
    ("error-cjk-mixed", "/ring?p=0.7&size=256&label=Build%20%E5%AE%8C%E4%BA%86%20%E2%9C%93%E0%BD%80"),
    ("error-greek", "/petals?p=0.5&size=128&label=%CE%95%CE%BB%CE%BB%CE%AC%CE%B4%CE%B1%E0%BD%80"),
]


def fetch(url, accept=None):
    request = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    with urllib.request.urlopen(request, timeout=20) as r:
        if r.status != 200:
            raise RuntimeError(f"HTTP {r.status} for {url}")
        return r.read()


def final_frame(png_bytes):
    """The picture a PNG rests on: the last frame of an APNG (Pillow composites the frames), else the image."""
    from PIL import Image
    image = Image.open(io.BytesIO(png_bytes))
    frames = getattr(image, "n_frames", 1)
    if frames > 1:
        image.seek(frames - 1)
    return image.convert("RGBA")


def on_grey(image):
    from PIL import Image
    background = Image.new("RGBA", image.size, GREY + (255,))
    return Image.alpha_composite(background, image).convert("RGB")


def mean_difference(a, b):
    from PIL import ImageChops
    diff = ImageChops.difference(a, b)
    histogram = diff.histogram()
    total = sum(level * count for band in range(3) for level, count in enumerate(histogram[256 * band:256 * (band + 1)]))
    return total / (3 * a.width * a.height), max(hi for _, hi in diff.getextrema()), diff


def check_gallery(browser, driver, base, cases_path, out, problems):
    from PIL import Image

    began = time.monotonic()
    cases = gallery_cases(cases_path) + ERROR_CASES
    errors = {name for name, _ in ERROR_CASES}
    temp = tempfile.mkdtemp(prefix="ringd-gallery-")
    # Shelf layout: images left to right, a new row when the page width is used up.
    def both(case):
        route, _, query = case[1].partition("?")
        # An animated case rests on its still picture: the SVG (reduced motion) shows it at once, and the APNG's
        # final frame is the still PNG (PNGRouteTests.everyGalleryPNGIsValid pins that), which is fetched instead
        # because drawing every frame of 18 APNGs takes ringd's debug build half a minute.
        still = "&".join(p for p in query.split("&") if p != "animate=1")
        if case[0] in errors:
            return (fetch(base + route + ".svg?" + query, accept="image/*"),
                    final_frame(fetch(base + route + ".png?" + query, accept="image/*")))
        return fetch(base + case[1]), final_frame(fetch(base + route + ".png?" + still))

    # A few requests at a time, so ringd's render threads are kept busy.
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        fetched = list(pool.map(both, cases))
    placed, x, y, row = [], GAP, GAP, 0
    for index, ((name, _), (svg, ours)) in enumerate(zip(cases, fetched)):
        file = f"case{index}.svg"
        with open(os.path.join(temp, file), "wb") as f:
            f.write(svg)
        w, h = ours.size
        if x + w + GAP > PAGE_WIDTH and x > GAP:
            x, y, row = GAP, y + row + GAP, 0
        placed.append((name, file, x, y, ours))
        x, row = x + w + GAP, max(row, h)
    height = y + row + GAP
    images = "".join(f'<img id="c{i}" src="{file}" width="{ours.width}" height="{ours.height}" alt="{name}" '
                     f'style="position:absolute;left:{x}px;top:{y}px">'
                     for i, (name, file, x, y, ours) in enumerate(placed))
    page = os.path.join(temp, "gallery.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(f'<!doctype html><html><head><meta charset="utf-8"><title>gallery</title></head>'
                f'<body style="margin:0;background:rgb{GREY}">{images}</body></html>')

    print(f"gallery: {len(placed)} SVGs and PNGs fetched in {time.monotonic() - began:.1f} s")
    d = new_driver(browser, driver, PAGE_WIDTH, height, reduced_motion=True)
    try:
        if not d.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches"):
            problems.append("gallery: the browser does not prefer reduced motion, so animated SVGs would not rest")
        d.get("file://" + urllib.parse.quote(page))
        wait_for(d, "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)", "gallery images")
        time.sleep(0.2)
        shot = screenshot(d)
        shot.save(os.path.join(out, "gallery.png"))
        errors = console_errors(d)
        if errors:
            problems.append(f"gallery: console errors: {errors}")
    finally:
        d.quit()
        shutil.rmtree(temp, ignore_errors=True)
    if shot.size[1] < height:
        problems.append(f"gallery: screenshot {shot.size} shorter than the page ({height} px)")
        return

    results = []
    for name, _, x, y, ours in placed:
        theirs = shot.crop((x, y, x + ours.width, y + ours.height))
        mine = on_grey(ours)
        mean, peak, diff = mean_difference(theirs, mine)
        results.append((name, mean, peak))
        if mean > MAX_MEAN:
            problems.append(f"gallery {name}: Chromium's SVG and our PNG differ by {mean:.2f} levels on average "
                            f"(limit {MAX_MEAN}); see {name}.diff.png")
            panel = Image.new("RGB", (3 * ours.width, ours.height))
            panel.paste(theirs, (0, 0))
            panel.paste(mine, (ours.width, 0))
            panel.paste(diff.point(lambda v: min(255, 8 * v)), (2 * ours.width, 0))
            panel.save(os.path.join(out, f"{name}.diff.png"))
    print(f"{'case':32} {'mean':>6} {'max':>4} {'limit':>5}  (Chromium's SVG vs our PNG on grey, levels)")
    for name, mean, peak in results:
        print(f"{name:32} {mean:6.3f} {peak:4d} {MAX_MEAN:5.1f}  {'ok' if mean <= MAX_MEAN else 'FAIL'}")
    worst = max(results, key=lambda r: r[1])
    average = sum(r[1] for r in results) / len(results)
    print(f"gallery: {len(results)} cases, average mean {average:.3f}, worst {worst[0]} {worst[1]:.3f} "
          f"(limit {MAX_MEAN}); screenshot gallery.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, help="use a ringd already listening on this loopback port")
    parser.add_argument("--ringd", help="ringd executable to start (default: the swift build one)")
    parser.add_argument("--scratch-path", help="swift build --scratch-path, to find the built ringd")
    parser.add_argument("--cases", default=os.path.join(ROOT, "scripts", "gallery-cases.txt"))
    parser.add_argument("--out", default=os.path.join(ROOT, "artifacts", "browser"))
    parser.add_argument("--only", choices=["builder", "gallery"])
    args = parser.parse_args()

    browser, driver = CB.require_tools()
    started = time.monotonic()
    server, port = (None, args.port) if args.port else CB.start_ringd(args)
    base = f"http://127.0.0.1:{port}"
    os.makedirs(args.out, exist_ok=True)
    problems = []
    try:
        if args.only in (None, "builder"):
            check_builder(browser, driver, base, args.out, problems)
            print(f"builder page checked at {time.monotonic() - started:.1f} s")
        if args.only in (None, "gallery"):
            check_gallery(browser, driver, base, args.cases, args.out, problems)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    elapsed = time.monotonic() - started
    print(f"check-builder: {elapsed:.1f} s; screenshots in {os.path.relpath(args.out, os.getcwd())}/")
    if elapsed > TIME_BUDGET:
        problems.append(f"the run took {elapsed:.0f} s, over its {TIME_BUDGET:.0f} s budget")
    for p in problems:
        print("FAIL " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
