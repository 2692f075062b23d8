import RingCore

/// Scene → deterministic SVG text.
///
/// The output is self-contained SVG 1.1 (plus CSS animation): one user unit per CSS pixel, numbers at fixed
/// precision, attributes in a fixed order, ids derived from ``Options/idPrefix``. It uses no filters, no
/// `<text>`, no `foreignObject`, no scripts and no external references, so it renders the same in browsers'
/// `<img>`, resvg and librsvg.
///
/// An animated scene becomes two layers between the static items it shares with its still picture (the
/// background and track below, a label above):
///
/// - the still picture, written exactly as for the still scene (``Scene/frame(at:)`` at the end), and shown by
///   default;
/// - the animated layer (the scene's items with their motions as CSS keyframes), hidden by default.
///
/// All CSS sits inside `@media (prefers-reduced-motion: no-preference)`. There, while the animation plays the
/// still picture is hidden and the animated layer shown; at ``Scene/handOverTime`` they swap back. Renderers
/// without CSS animation (librsvg) and readers who prefer reduced motion see the still picture, and a browser's
/// last frame *is* the still picture rather than the animated layer brought to rest, whose dash-revealed pieces
/// and layered laps leave anti-aliasing seams that the still picture does not have.
public enum SVGWriter {
    /// Output settings.
    public struct Options: Sendable, Hashable {
        /// Makes ids unique per image, so several images inlined in one page never share a gradient or clip.
        /// Reduced to `[a-z0-9]` (at most 16 characters) and preceded by `r`, so every id is a valid XML name and
        /// CSS identifier. Default: empty (ids `r-…`).
        public var idPrefix: String

        public init(idPrefix: String = "") {
            self.idPrefix = idPrefix
        }

        /// The sanitised prefix every id and class starts with.
        var sanitizedPrefix: String {
            let allowed = idPrefix.lowercased().unicodeScalars.filter {
                ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }
            return "r" + String(String.UnicodeScalarView(allowed.prefix(16)))
        }
    }

    /// The SVG document for `scene`.
    public static func write(_ scene: Scene, options: Options = Options()) -> String {
        var doc = SVGDocument(
            prefix: options.sanitizedPrefix, duration: scene.duration, extent: 2 * (scene.width + scene.height)
        )
        if let bg = scene.background {
            doc.body += "<rect width=\"\(fmt(scene.width))\" height=\"\(fmt(scene.height))\"" + fillAttributes(bg) + "/>"
        }
        // theme=auto: the light and the dark picture, each in a group that a media query shows or hides.
        let themes: [(items: [SceneItem], still: [SceneItem]?, group: String?)]
        let still = scene.duration.map { scene.frame(at: $0) }
        if let dark = scene.darkItems {
            themes = [(scene.items, still?.items, "l"), (dark, still?.darkItems, "d")]
        } else {
            themes = [(scene.items, still?.items, nil)]
        }
        doc.findSharedOutlines(in: themes.flatMap { $0.items + ($0.still ?? []) })
        for theme in themes {
            if let group = theme.group { doc.body += "<g class=\"\(doc.prefix)-\(group)\">" }
            if let stillItems = theme.still, scene.isAnimated {
                doc.writeLayers(moving: theme.items, still: stillItems)
            } else {
                for item in theme.items { doc.write(item) }
            }
            if theme.group != nil { doc.body += "</g>" }
        }

        let title = XMLEscaping.escape(scene.title)
        let w = fmt(scene.width), h = fmt(scene.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        out += " role=\"img\" aria-label=\"\(title)\"><title>\(title)</title>"
        var css = ""
        if scene.darkItems != nil {
            // Renderers without media queries (librsvg) show the light picture, as a PNG does.
            let p = doc.prefix
            css += ".\(p)-d{display:none}@media (prefers-color-scheme:dark){.\(p)-l{display:none}.\(p)-d{display:inline}}"
        }
        if !doc.css.isEmpty {
            css += "@media (prefers-reduced-motion:no-preference){" + doc.css + "}"
        }
        if !css.isEmpty { out += "<style>" + css + "</style>" }
        if !doc.defs.isEmpty { out += "<defs>" + doc.defs + "</defs>" }
        out += doc.body
        out += "</svg>\n"
        return out
    }

    static func fmt(_ x: Double) -> String { NumberFormatting.length(x) }

    /// ` fill="#rrggbb"` plus ` fill-opacity` when translucent.
    static func fillAttributes(_ c: Color) -> String {
        " fill=\"\(c.svgHex)\"" + (c.isOpaque ? "" : " fill-opacity=\"\(NumberFormatting.alpha(c.a))\"")
    }

    /// ` fill="none" stroke="#rrggbb"` (+ opacity) ` stroke-width="w"`.
    static func strokeAttributes(_ c: Color, width: Double) -> String {
        " fill=\"none\" stroke=\"\(c.svgHex)\""
            + (c.isOpaque ? "" : " stroke-opacity=\"\(NumberFormatting.alpha(c.a))\"")
            + " stroke-width=\"\(fmt(width))\""
    }
}

/// The document being written: definitions, body and CSS collected in paint order, with a counter for ids.
struct SVGDocument {
    let prefix: String
    let duration: Double?
    /// A length longer than the image's diagonal.
    let extent: Double
    var defs = ""
    var body = ""
    /// CSS rules that go inside the reduced-motion media query.
    var css = ""
    private var counter = 0
    private var sharedRules: Set<String> = []
    /// Definitions already written, by their text without the id, so the still picture and the animated layer
    /// share their gradients, masks and clips.
    private var definitionIDs: [String: String] = [:]
    /// Keyframes already written, by their body, so identical tracks share one rule.
    var keyframeNames: [String: String] = [:]
    /// Every still filled outline of the scene in compact form, and the tails (``SVGOutline/tail``) of those
    /// drawn more than once, which are defined once and placed with `<use>`.
    var outlines: [FilledPath: SVGOutline] = [:]
    var sharedOutlines: Set<String> = []

    /// Fills ``outlines`` and ``sharedOutlines`` from `items` (every item the document will write).
    mutating func findSharedOutlines(in items: [SceneItem]) {
        var seen: Set<String> = []
        func visit(_ item: SceneItem) {
            switch item {
            case .shape(let shape):
                guard shape.motions.isEmpty, case .path(let path) = shape.primitive else { return }
                let compact: SVGOutline
                if let known = outlines[path] {
                    compact = known
                } else {
                    guard let made = SVGOutline(path) else { return }
                    outlines[path] = made
                    compact = made
                }
                if !seen.insert(compact.tail).inserted { sharedOutlines.insert(compact.tail) }
            case .group(let group):
                group.items.forEach(visit)
            }
        }
        items.forEach(visit)
    }

    init(prefix: String, duration: Double?, extent: Double) {
        self.prefix = prefix
        self.duration = duration
        self.extent = extent
    }

    /// A fresh id such as `rab12-g3`; `kind` is one letter naming what it is.
    mutating func newID(_ kind: String) -> String {
        defer { counter += 1 }
        return "\(prefix)-\(kind)\(counter)"
    }

    /// Adds a CSS rule once, however many elements use it; returns its name.
    mutating func sharedRule(_ name: String, _ body: String) -> String {
        let full = "\(prefix)-\(name)"
        if sharedRules.insert(full).inserted { css += body.replacingOccurrences(of: "$", with: full) }
        return full
    }

    /// Adds the definition `<element id="…"` + `rest` once per distinct text; returns its id (`kind` as for
    /// ``newID(_:)``).
    mutating func define(_ kind: String, element: String, _ rest: String) -> String {
        let key = element + rest
        if let id = definitionIDs[key] { return id }
        let id = newID(kind)
        definitionIDs[key] = id
        defs += "<\(element) id=\"\(id)\"" + rest
        return id
    }

    /// The still picture and the animated layer of an animated scene (see ``SVGWriter``). Items at the bottom
    /// and top that do not move and are the same in both are written once, outside the layers.
    mutating func writeLayers(moving: [SceneItem], still: [SceneItem]) {
        var bottom = 0
        while bottom < min(moving.count, still.count), !moving[bottom].hasMotion, moving[bottom] == still[bottom] {
            bottom += 1
        }
        var top = 0
        while top < min(moving.count, still.count) - bottom, !moving[moving.count - 1 - top].hasMotion,
            moving[moving.count - 1 - top] == still[still.count - 1 - top]
        {
            top += 1
        }
        for item in moving[..<bottom] { write(item) }
        // Written first, the still layer gets the ids it has in the still document: that document's body appears
        // here verbatim.
        body += "<g class=\"\(handOverClass(showsAtRest: true))\">"
        for item in still[bottom..<(still.count - top)] { write(item) }
        body += "</g><g visibility=\"hidden\" class=\"\(handOverClass(showsAtRest: false))\">"
        for item in moving[bottom..<(moving.count - top)] { write(item) }
        body += "</g>"
        for item in moving[(moving.count - top)...] { write(item) }
    }

    mutating func write(_ item: SceneItem) {
        switch item {
        case .shape(let shape): write(shape)
        case .group(let group): write(group)
        }
    }

    mutating func write(_ group: Group) {
        var attributes = ""
        if let clip = group.clip { attributes += " clip-path=\"url(#\(define(clip)))\"" }
        if group.opacity < 1 { attributes += " opacity=\"\(NumberFormatting.fraction(group.opacity))\"" }
        if let cls = animationClass(group.motions, paintProperty: nil) {
            attributes += " class=\"\(cls)\""
        }
        // A group without clip, opacity or motion changes nothing: its items are written in its place, so a
        // group whose motions end at rest (a spin, a bounce) writes the same text as the still picture's items.
        if attributes.isEmpty {
            for item in group.items { write(item) }
            return
        }
        body += "<g\(attributes)>"
        for item in group.items { write(item) }
        body += "</g>"
    }
}

extension String {
    /// Minimal stand-in for Foundation's replacement (RingSVG uses only the standard library).
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
