"""Shared code of the browser checks (scripts/check/browser/): the tools they need, ringd started for them, and
headless Chromium showing an SVG inline.

    sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
    import browser
"""

import io
import os
import shutil
import subprocess
import sys

from ringd_harness import Ringd

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail_setup(message):
    print(f"{os.path.basename(sys.argv[0])}: {message}", file=sys.stderr)
    sys.exit(2)


def require_tools():
    """Selenium, Pillow, Chromium and chromedriver, or a clear message and exit 2 (never a silent skip)."""
    missing = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("Python selenium (pip install selenium, or apt-get install python3-selenium)")
    try:
        import PIL  # noqa: F401
    except ImportError:
        missing.append("Python Pillow (pip install pillow, or apt-get install python3-pil)")
    browser = os.environ.get("CHROME_BIN") or next(
        (p for p in map(shutil.which, ["chromium", "chromium-browser", "google-chrome"]) if p), None)
    if not browser or not os.access(browser, os.X_OK):
        missing.append(f"chromium (apt-get install chromium, or set CHROME_BIN){': not executable: ' + browser if browser else ''}")
    driver = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    if not driver or not os.access(driver, os.X_OK):
        missing.append(f"chromedriver (apt-get install chromium-driver, or set CHROMEDRIVER){': not executable: ' + driver if driver else ''}")
    if missing:
        fail_setup("cannot run, missing:\n  " + "\n  ".join(missing))
    return browser, driver


def start_ringd(args):
    """Starts ringd (`args.ringd`, else the `swift build` one, built if absent, under `args.scratch_path` if set) on
    a loopback port (ringd_harness.py), its warnings on our standard error; returns (process, port)."""
    binary = args.ringd
    if not binary:
        swift = ["swift", "build"] + (["--scratch-path", args.scratch_path] if args.scratch_path else [])
        path = subprocess.run(swift + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
        binary = os.path.join(path.stdout.strip(), "ringd")
        if not os.access(binary, os.X_OK):
            subprocess.run(swift + ["--product", "ringd"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    if not os.access(binary, os.X_OK):
        fail_setup(f"no ringd executable at {binary}")
    ringd = Ringd(binary, echo=True)
    try:
        ringd.start()
    except RuntimeError as error:
        fail_setup(str(error))
    return ringd.process, ringd.port


class Chromium:
    """Headless Chromium through Selenium, showing one SVG inline per page at device scale 1."""

    def __init__(self, work, gpu=False):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        options = Options()
        rasterizer = (["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--enable-gpu-rasterization",
                       "--ignore-gpu-blocklist"] if gpu else ["--disable-gpu"])
        for flag in ["--headless=new", "--no-sandbox", "--force-device-scale-factor=1", "--hide-scrollbars"] + rasterizer:
            options.add_argument(flag)
        options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        self.driver.set_window_size(1400, 1400)
        self.page = os.path.join(work, "page-gpu.html" if gpu else "page.html")

    def shots(self, svg, times=(None,)):
        """Screenshots of `svg` inline on a grey page, one per time (seconds; None leaves it as it loads)."""
        from PIL import Image
        with open(self.page, "w") as f:
            f.write('<html><body style="margin:0;background:#808080">' + svg + "</body></html>")
        self.driver.get("file://" + self.page)
        element = self.driver.find_element("css selector", "svg")
        frames = "return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        # Two frames first: on a busy machine the page's animations may not all exist yet right after loading, and
        # one created after the pause below would run on and be shot at another time than asked.
        self.driver.execute_script(frames)
        out = []
        for t in times:
            if t is not None:
                self.driver.execute_script(
                    "document.getAnimations().forEach(a => { a.pause(); a.currentTime = arguments[0]; });", t * 1000)
            self.driver.execute_script(frames)
            out.append(Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB"))
        return out

    def quit(self):
        self.driver.quit()
