import CFriBidi
import CHarfBuzz
import RingCore
import RingSync

/// The loaded faces in fallback order, and the line setter over them: FriBidi orders mixed directions, each
/// character goes to the first face that has it, HarfBuzz shapes every run (kerning, ligatures, Arabic joining,
/// Indic reordering, marks) and draws its glyphs' outlines.
public final class FontSet: TextSetter, Sendable {
    /// The faces, the primary (Inter Bold when installed) first.
    public let faces: [FontFace]
    /// Per face, what its em is multiplied by: the primary's capital height over the face's reference height
    /// (``FontCatalog``'s size rule), 1 for the primary and for faces without a reference.
    public let scales: [Double]
    /// The same families at regular weight (the petals label), nil when none was loaded.
    public let regular: FontSet?
    /// Lines shaped so far, per text: a label is shaped once however often its ring is drawn. Distinct labels
    /// are few in practice; a client sending endless distinct labels only empties the cache.
    private let lines = BoundedCache<LineKey, ShapedLine>(capacity: 2048)
    private let tabularFeature: hb_feature_t

    /// A set of the given faces (and a regular-weight set for the petals label); nil when there is none (then
    /// labels fall back to the stroke font).
    public init?(faces: [FontFace], regular: FontSet? = nil) {
        guard let primary = faces.first else { return nil }
        self.faces = faces
        self.regular = regular
        scales = faces.enumerated().map { index, face in
            guard index > 0, let height = face.referenceHeight else { return 1 }
            return primary.capHeight / height
        }
        var feature = hb_feature_t()
        _ = hb_feature_from_string("tnum", -1, &feature)
        tabularFeature = feature
    }

    /// The catalogue's faces found under `directories` (default: the system's font folders), each file mapped once.
    public static func load(directories: [String] = FontCatalog.systemDirectories) -> FontSet? {
        FontSet(faces: open(FontCatalog.label, in: directories), regular: FontSet(faces: open(FontCatalog.regular, in: directories)))
    }

    /// The faces of `chain` found under `directories`, opened.
    static func open(_ chain: [FontCatalog.Entry], in directories: [String]) -> [FontFace] {
        FontCatalog.locate(chain, in: directories).compactMap {
            FontFace(path: $0.path, faceIndex: $0.entry.faceIndex, reference: $0.entry.reference)
        }
    }

    public var capHeight: Double { faces[0].capHeight }

    public var regularWeight: (any TextSetter)? { regular }

    /// Forgets every shaped line. The fuzz target calls it after each input, so an input leaves the heap as it
    /// found it: libFuzzer runs an input that ends with more allocations than it began a second time, then
    /// looks for a leak, and every new label or error message would otherwise cost that.
    public func removeShapedLines() { lines.removeAll() }

    /// The first character of `text` that no face draws, skipping default-ignorable code points (joiners,
    /// variation selectors), which HarfBuzz consumes without a glyph.
    public func firstUncovered(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            !scalar.properties.isDefaultIgnorableCodePoint && !faces.contains { $0.covers(scalar) }
        }
    }

    /// The face for one grapheme cluster: the first that has every visible character of it (so a base and its
    /// marks come from one design), else the first that has its base.
    private func faceIndex(for character: Character) -> Int? {
        let visible = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let base = visible.first else { return 0 }
        if let all = faces.firstIndex(where: { face in visible.allSatisfy { face.covers($0) } }) { return all }
        return faces.firstIndex { $0.covers(base) }
    }

    public func line(_ text: String, tabularDigits: Bool, tracking: Double) -> ShapedLine? {
        let key = LineKey(text: text, tabularDigits: tabularDigits, tracking: tracking)
        if let cached = lines.value(for: key) { return cached }
        guard let shaped = shape(text, tabularDigits: tabularDigits, tracking: tracking) else { return nil }
        lines.store(shaped, for: key)
        return shaped
    }

    /// A run of characters at one embedding level drawn by one face, in logical order.
    private struct Run {
        var start: Int
        var end: Int
        var level: FriBidiLevel
        var face: Int
        var visualStart: Int
    }

    /// One glyph of a shaped line: which face and glyph, where its origin sits (em, y down), its advance, and
    /// the face's scale (its outline is drawn that much larger).
    struct PlacedGlyph: Equatable {
        var face: Int
        var id: UInt32
        var x: Double
        var y: Double
        var advance: Double
        var scale: Double = 1
    }

    private func shape(_ text: String, tabularDigits: Bool, tracking: Double) -> ShapedLine? {
        guard let glyphs = glyphs(text, tabularDigits: tabularDigits, tracking: tracking) else { return nil }
        var path = FilledPath()
        var ink: TextBounds?
        var pen = 0.0
        for glyph in glyphs {
            let outline = faces[glyph.face].outline(glyph.id)
            let k = glyph.scale
            if !outline.path.isEmpty {
                path.append(outline.path.mapped { Point(x: $0.x * k + glyph.x, y: $0.y * k + glyph.y) })
            }
            if let o = outline.ink {
                let box = TextBounds(minX: o.minX * k + glyph.x, minY: o.minY * k + glyph.y,
                                     maxX: o.maxX * k + glyph.x, maxY: o.maxY * k + glyph.y)
                ink = ink?.union(box) ?? box
            }
            pen += glyph.advance
        }
        return ShapedLine(path: path, advance: pen, ink: ink)
    }

    /// `text` shaped into glyphs in visual order (left to right), or nil when a character has no face.
    func glyphs(_ text: String, tabularDigits: Bool, tracking: Double = 0) -> [PlacedGlyph]? {
        var scalars: [FriBidiChar] = []
        var faceOf: [Int] = []
        for character in text {
            guard let face = faceIndex(for: character) else { return nil }
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                faceOf.append(face)
            }
        }
        let n = scalars.count
        guard n > 0, n < Int(Int32.max) else { return [] }
        let count = FriBidiStrIndex(n)

        // The Unicode bidi algorithm (UAX #9) from FriBidi: embedding levels (P, X, W, N, I rules, brackets
        // included) and the line's visual order (L1, L2).
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var map = (0..<n).map { FriBidiStrIndex($0) }
        var direction = ringd_fribidi_par_on()
        fribidi_get_bidi_types(scalars, count, &types)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) > 0,
            fribidi_reorder_line(ringd_fribidi_flags_default(), types, count, 0, direction, &levels, nil, &map) > 0
        else { return nil }
        var visualOf = [Int](repeating: 0, count: n)
        for (visual, logical) in map.enumerated() { visualOf[Int(logical)] = visual }

        // Runs of one level and one face. Within a run the visual positions are contiguous (a deeper level
        // inside would have ended it), so runs are placed in the order of their first visual position.
        var runs: [Run] = []
        for i in 0..<n {
            if var last = runs.last, last.level == levels[i], last.face == faceOf[i] {
                last.end = i + 1
                last.visualStart = min(last.visualStart, visualOf[i])
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(start: i, end: i + 1, level: levels[i], face: faceOf[i], visualStart: visualOf[i]))
            }
        }
        runs.sort { $0.visualStart < $1.visualStart }

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var features = tabularDigits ? [tabularFeature] : []
        var placed: [PlacedGlyph] = []
        var pen = 0.0
        for run in runs {
            let face = faces[run.face]
            hb_buffer_clear_contents(buffer)
            // The whole text as context, so joining and reordering see the neighbours of a run.
            hb_buffer_add_utf32(buffer, scalars, Int32(n), UInt32(run.start), Int32(run.end - run.start))
            hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.font, buffer, &features, UInt32(features.count))
            var glyphCount: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
                let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
            else { continue }
            let scale = scales[run.face], unit = scale / face.unitsPerEm
            let tracked = tracking != 0 && Self.trackedScripts.contains(hb_buffer_get_script(buffer).rawValue)
            for g in 0..<Int(glyphCount) {
                var advance = Double(positions[g].x_advance) * unit
                // After the last glyph of each cluster (a ligature or conjunct stays whole).
                if tracked, g + 1 == Int(glyphCount) || infos[g + 1].cluster != infos[g].cluster {
                    advance += tracking
                }
                placed.append(PlacedGlyph(
                    face: run.face, id: infos[g].codepoint, x: pen + Double(positions[g].x_offset) * unit,
                    y: -Double(positions[g].y_offset) * unit, advance: advance, scale: scale))
                pen += advance
            }
        }
        return placed
    }
}

extension FontSet {
    /// Scripts whose letters stand apart, so tracking may space them (CSS Text 3 §8.2 leaves cursive scripts
    /// untracked; Indic scripts hang from a headline that spacing would break). Common and Inherited cover
    /// digits, punctuation and marks.
    static let trackedScripts: Set<UInt32> = Set([
        HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN, HB_SCRIPT_HEBREW,
        HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED,
    ].map(\.rawValue))
}

/// What a line is cached by: its text, whether digits are tabular, and its tracking.
struct LineKey: Hashable, Sendable {
    var text: String
    var tabularDigits: Bool
    var tracking: Double
}
