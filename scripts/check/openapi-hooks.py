"""schemathesis hooks for scripts/check/openapi: steer generated requests towards pictures, and bound the
drawing work of each.

Steering. Each query parameter has its own schema, but some only work together or not at all: p or value
with total (or move/exercise/stand on /activity), color or gradient, and an image route needs some progress.
Generated independently, nine requests in ten broke one of these rules and all got the same 400, so few
reached the renderers. Just before a request is sent, a parameter given instead of another is dropped
(p wins over value/total and move/exercise/stand, color over gradient), a request with no progress
at all gets p=0.7, and /activity's colors and tracks are dropped unless they have one entry per ring. Dropping an optional parameter, or adding a valid one, never makes a valid request
invalid; it can make an invalid one valid, and schemathesis re-classifies a case after this hook edits it.
The 400s these rules give are tested in RingAppTests.

Work.
This check is about the HTTP contract (no 5xx, statuses, content types and headers as /openapi.json says).
Its requests go to the debug build that scripts/test builds, where one in-range PNG can take minutes
(a 4096 x 4096 px, 60-frame APNG: over a minute of CPU even in release). So, just before a request is
sent, a PNG's side is brought down to MAX_PNG_SIDE device pixels (MAX_APNG_SIDE when animated) by lowering
an in-range `size`, and an animated PNG's in-range `duration` is set to its 0.1 s minimum (4 frames instead
of up to 60). Only values that are already valid are changed, and only to other valid values, so a case
that breaks the schema still breaks it (schemathesis re-classifies a case after this hook edits it).
SVG requests, and every parameter other than size and duration, are sent as generated.
"""
import schemathesis

MAX_PNG_SIDE = 512
MAX_APNG_SIDE = 128
SIZE_RANGE = (16, 2048)
SCALE_RANGE = (1, 4)
MIN_DURATION = 0.1


def _number(value):
    """The value as a float when it is a plain number (or its text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            x = float(value)
        except ValueError:
            return None
        return x if x == x and abs(x) != float("inf") else None
    return None


def _is_png(path, query):
    if path.endswith(".png"):
        return True
    if path.endswith(".svg"):
        return False
    return str(query.get("format", "")).lower() == "png"


# Per route: a parameter, then those the server refuses alongside it.
ALTERNATIVES = {
    "ring": [("p", "value", "total"), ("color", "gradient")],
    "petals": [("p", "value", "total")],
    "pie": [("p", "value", "total")],
    "activity": [("p", "move", "exercise", "stand")],
}
PROGRESS = ("p", "value", "move", "exercise", "stand")


def _route(path):
    return path.lstrip("/").split(".")[0]


def _steer(route, query):
    for kept, *others in ALTERNATIVES.get(route, []):
        if kept in query:
            for other in others:
                query.pop(other, None)
    if route in ALTERNATIVES and not any(name in query for name in PROGRESS):
        query["p"] = "0.7"
    # /activity's per-ring lists must have one entry per ring.
    if route == "activity":
        rings = len(str(query["p"]).split(",")) if "p" in query else 3
        for name in ("colors", "tracks"):
            if name in query and len(str(query[name]).split(",")) != rings:
                query.pop(name)


@schemathesis.hook
def before_call(context, case, kwargs):
    operation = context.operation
    if operation is None or case.method.upper() not in ("GET", "HEAD"):
        return
    if case.query is None:
        case.query = {}
    query = case.query
    _steer(_route(operation.path), query)
    if not _is_png(operation.path, query):
        return
    animated = str(query.get("animate", "0")).lower() in ("1", "true")
    size = _number(query.get("size", 128))
    scale = _number(query.get("scale", 1))
    if size is None or scale is None or scale != int(scale):
        return
    if not (SIZE_RANGE[0] <= size <= SIZE_RANGE[1] and SCALE_RANGE[0] <= scale <= SCALE_RANGE[1]):
        return
    limit = MAX_APNG_SIDE if animated else MAX_PNG_SIDE
    if size * scale > limit:
        query["size"] = max(SIZE_RANGE[0], limit // int(scale))
    if animated:
        duration = _number(query.get("duration", 1))
        if duration is not None and MIN_DURATION <= duration <= 10:
            query["duration"] = MIN_DURATION


import os

# RINGD_HOOKS_LOG=FILE: append one line per response (status, generation mode, request, body start) for
# looking into what the run sent; off by default.
if os.environ.get("RINGD_HOOKS_LOG"):
    @schemathesis.hook
    def after_call(context, case, response):
        with open(os.environ["RINGD_HOOKS_LOG"], "a") as log:
            meta = getattr(case, "meta", None) or getattr(case, "_meta", None)
            mode = getattr(getattr(meta, "generation", None), "mode", "?")
            log.write(f"{response.status_code}\t{mode}\t{case.method} {case.path}\t{response.content[:60]!r}\t{case.query!r}\t{case.headers!r}\n")
