import RingCore

/// Scene → deterministic SVG text (placeholder until the layout lands).
public enum SVGWriter {}
