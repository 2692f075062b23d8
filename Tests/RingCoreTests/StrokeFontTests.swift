import Testing
@testable import RingCore

@Suite struct StrokeFontTests {
    let font = StrokeFont.standard

    /// The characters docs/design.md §Limits and the label/error images need.
    static let required: [Character] = Array("0123456789%.,:/-+()!?'\"#&=_<>[]*@ ✓")
        + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    @Test func tableParsesWithoutErrors() throws {
        let glyphs = try StrokeFontParser.parse(
            StrokeFontData.table, unitsPerCap: StrokeFontData.unitsPerCap, dotRadius: StrokeFontData.dotRadius)
        #expect(glyphs["notdef"] != nil)
        #expect(glyphs["space"]?.strokes.isEmpty == true)
    }

    @Test func parserRejectsMalformedLines() {
        for bad in ["A 1 1 | M 0 0 L 1", "A 1 1 | L 0 0", "A 1 | M 0 0", "A 1 1 | Z 0 0", "AB 1 1 | M 0 0",
                    "A 1 1 | M 0 0\nA 1 1 | M 0 0"] {
            #expect(throws: StrokeFontParser.Failure.self, "\(bad)") {
                try StrokeFontParser.parse(bad, unitsPerCap: 10, dotRadius: 0.25)
            }
        }
    }

    @Test func requiredCharactersAreSupported() {
        for character in Self.required {
            #expect(font.supports(character), "\(character)")
        }
        for scalar in 0x20...0x7E {
            #expect(font.supports(Character(Unicode.Scalar(UInt8(scalar)))), "U+\(scalar)")
        }
        for character in "…–—×°·≤≥→" {
            #expect(font.supports(character), "\(character)")
        }
    }

    @Test func aliasesDrawTheirLookAlike() {
        #expect(font.glyph(for: "\u{2019}") == font.glyph(for: "'"))
        #expect(font.glyph(for: "\u{201C}") == font.glyph(for: "\""))
        #expect(font.glyph(for: "\u{2212}") == font.glyph(for: "-"))
        #expect(font.supportedCharacters.contains("\u{2019}"))
    }

    @Test func unsupportedCharactersAreNamedOnceInOrder() {
        #expect(font.unsupportedCharacters(in: "héllo €<x> é") == ["é", "€"])
        #expect(font.unsupportedCharacters(in: "e\u{301}") == ["é"])
        #expect(font.unsupportedCharacters(in: "a\tb\nc") == ["\t", "\n"])
        #expect(font.unsupportedCharacters(in: "🙂 ok") == ["🙂"])
        #expect(font.unsupportedCharacters(in: "70% done ✓ <a> [b] {c}").isEmpty)
    }

    @Test func glyphsStayInsideTheirAdvanceAndTheEmBox() {
        let tolerance = 1e-9
        for character in font.supportedCharacters {
            guard let glyph = font.glyph(for: character) else {
                Issue.record("no glyph for \(character)")
                continue
            }
            #expect(glyph.advance > 0, "\(character)")
            for point in glyph.strokes.flatMap({ $0.flattened(tolerance: 0.001) }) {
                #expect(point.x >= -tolerance && point.x <= glyph.advance + tolerance, "\(character) x \(point.x)")
                #expect(point.y >= -font.descender - tolerance && point.y <= 1.1, "\(character) y \(point.y)")
            }
            #expect(glyph.inkBounds != nil || character == " " || character == "\u{00A0}", "\(character)")
        }
    }

    @Test func verticalMetricsOfLetterGroups() throws {
        func ink(_ text: String) throws -> TextBounds { try #require(font.layout(text).inkBounds) }
        // Capitals and digits sit exactly on the baseline and reach the cap height (Q's tail aside).
        for character in "ABCDEFGHIJKLMNOPRSTUVWXYZ0123456789%" {
            let box = try ink(String(character))
            #expect(abs(box.minY) < 1e-9 && abs(box.maxY - 1) < 1e-9, "\(character) \(box)")
        }
        for character in "acemnorsuvwxz" {
            let box = try ink(String(character))
            #expect(abs(box.minY) < 1e-9 && abs(box.maxY - font.xHeight) < 1e-9, "\(character) \(box)")
        }
        for character in "gjpqy" {
            #expect(abs(try ink(String(character)).minY + font.descender) < 1e-9, "\(character)")
        }
        for character in "bdfhkl" {
            #expect(abs(try ink(String(character)).maxY - 1) < 1e-9, "\(character)")
        }
    }

    @Test func digitsAreTabular() throws {
        let advance = try #require(font.glyph(for: "0")?.advance)
        for digit in "123456789" {
            #expect(abs((font.glyph(for: digit)?.advance ?? 0) - advance) < 1e-9, "\(digit)")
        }
    }

    @Test func analyticBoundsMatchTheFlattenedStrokes() {
        for character in font.supportedCharacters {
            for stroke in font.glyph(for: character)?.strokes ?? [] {
                var flat = TextBounds(point: stroke.start)
                for point in stroke.flattened(tolerance: 0.0001) { flat.include(point) }
                #expect(stroke.bounds.contains(flat, tolerance: 1e-9), "\(character)")
                #expect(flat.contains(stroke.bounds, tolerance: 0.0002), "\(character)")
            }
        }
    }

    @Test(arguments: [0.1, 0.01, 0.001])
    func flatteningStaysWithinTolerance(tolerance: Double) throws {
        let radius = 0.4
        let circle = StrokePath(
            start: Point(x: radius, y: 0),
            elements: [.arc(center: .zero, radiusX: radius, radiusY: radius, start: 0, end: 2 * Double.pi)])
        let points = circle.flattened(tolerance: tolerance)
        #expect(points.count >= 9)
        for (a, b) in zip(points, points.dropFirst()) {
            #expect(abs(a.length - radius) < 1e-12)
            let middle = (a + b) * 0.5
            #expect(radius - middle.length <= tolerance + 1e-12)
        }
        #expect(try #require(points.last).distance(to: points[0]) < 1e-12)
    }

    @Test func layoutAdvancesAndFallsBack() throws {
        #expect(font.layout("").inkBounds == nil)
        #expect(font.layout("").advance == 0)
        #expect(font.layout("   ").inkBounds == nil)
        #expect(font.layout("a\tb").advance == font.layout("a b").advance)
        let glyphs = try "Ab1%".map { try #require(font.glyph(for: $0)) }
        #expect(abs(font.layout("Ab1%").advance - glyphs.map(\.advance).reduce(0, +)) < 1e-12)
        // A character without a glyph is drawn as a box, never dropped.
        let missing = font.layout("é")
        #expect(missing.inkBounds != nil)
        #expect(missing == font.layout("€").withText("é"))
    }

    /// Pins the metrics and placement so a table edit that moves labels shows up in review.
    @Test func layoutIsDeterministic() throws {
        let run = font.layout("70%")
        #expect(run == font.layout("70%"))
        #expect(abs(run.advance - 2.62) < 1e-12)
        let ink = try #require(run.inkBounds)
        #expect(abs(ink.minX - 0.12) < 1e-12 && abs(ink.maxX - 2.54) < 1e-12)
        let placed = run.fitted(center: Point(x: 64, y: 64), maxWidth: 70, maxHeight: 40)
        #expect(placed == run.fitted(center: Point(x: 64, y: 64), maxWidth: 70, maxHeight: 40))
        #expect(placed.polylines.count == 5)
        #expect(abs(placed.capHeight - 70 / (2.42 + 0.11)) < 1e-9)
    }
}

@Suite struct TextFittingTests {
    let font = StrokeFont.standard

    static let boxes: [(center: Point, width: Double, height: Double)] = [
        (Point(x: 64, y: 64), 70, 40), (Point(x: 64, y: 64), 200, 20), (Point(x: 10.3, y: 7.7), 9, 30),
        (Point(x: 1024, y: 1024), 1100, 600), (Point(x: 8, y: 8), 12, 6),
    ]

    @Test(arguments: ["70%", "100%", "0", "7", "1", "0123456789%", "42"])
    func digitsAreCentredInsideTheBox(text: String) {
        for (center, width, height) in Self.boxes {
            let placed = font.layout(text).fitted(center: center, maxWidth: width, maxHeight: height)
            let box = TextBounds(
                minX: center.x - width / 2, minY: center.y - height / 2, maxX: center.x + width / 2,
                maxY: center.y + height / 2)
            #expect(!placed.isEmpty)
            #expect(box.contains(placed.bounds, tolerance: 1e-9), "\(text) in \(width)×\(height): \(placed.bounds)")
            #expect(abs(placed.bounds.center.x - center.x) <= 0.5, "\(text)")
            #expect(abs(placed.bounds.center.y - center.y) <= 0.5, "\(text)")
            // Largest size that fits: one side of the box is filled.
            let fill = max(placed.bounds.width / width, placed.bounds.height / height)
            #expect(abs(fill - 1) < 1e-9, "\(text) fills \(fill)")
            // Every point lies inside the ink bounds.
            let centreLines = placed.bounds.expanded(by: -placed.strokeWidth / 2)
            for point in placed.polylines.joined() {
                #expect(centreLines.contains(TextBounds(point: point), tolerance: 1e-9))
            }
        }
    }

    @Test(arguments: ["yes", "jump", "Typography", "(g)", "done", "a", "_", "'", "...", "|"])
    func anyTextStaysInsideTheBox(text: String) {
        for (center, width, height) in Self.boxes {
            let placed = font.layout(text).fitted(center: center, maxWidth: width, maxHeight: height)
            let box = TextBounds(
                minX: center.x - width / 2, minY: center.y - height / 2, maxX: center.x + width / 2,
                maxY: center.y + height / 2)
            #expect(box.contains(placed.bounds, tolerance: 1e-9), "\(text) in \(width)×\(height)")
            #expect(abs(placed.bounds.center.x - center.x) <= 1e-9, "\(text)")
        }
    }

    /// Descenders hang below the optical centre instead of lifting the word.
    @Test func lowerCaseIsCentredOnItsXHeight() {
        let center = Point(x: 50, y: 50)
        let yes = font.layout("yes").fitted(center: center, maxWidth: 1000, maxHeight: 40)
        let scale = yes.capHeight
        let baseline = center.y + font.xHeight / 2 * scale
        #expect(abs(yes.bounds.minY + yes.strokeWidth / 2 - (baseline - font.xHeight * scale)) < 1e-9)
        #expect(abs(yes.bounds.maxY - yes.strokeWidth / 2 - (baseline + font.descender * scale)) < 1e-9)
        #expect(yes.bounds.center.y > center.y)
    }

    @Test func strokeWidthScalesWithTheCapHeightAndKeepsOnePixel() {
        let large = font.layout("70%").fitted(center: .zero, maxWidth: 1000, maxHeight: 111, weight: 0.11)
        #expect(abs(large.capHeight - 100) < 1e-9)
        #expect(abs(large.strokeWidth - 11) < 1e-9)
        let small = font.layout("70%").fitted(center: .zero, maxWidth: 1000, maxHeight: 7)
        #expect(small.strokeWidth == 1)
        #expect(abs(small.capHeight - 6) < 1e-9)
        #expect(small.bounds.height <= 7 + 1e-9)
    }

    @Test func nothingToDraw() {
        #expect(font.layout("").fitted(center: .zero, maxWidth: 100, maxHeight: 100).isEmpty)
        #expect(font.layout("  ").fitted(center: .zero, maxWidth: 100, maxHeight: 100).isEmpty)
        #expect(font.layout("70%").fitted(center: .zero, maxWidth: 100, maxHeight: 0.5).isEmpty)
        #expect(font.layout("70%").fitted(center: .zero, maxWidth: -3, maxHeight: 10).isEmpty)
    }

    @Test func coarserToleranceGivesFewerPoints() {
        let run = font.layout("0")
        let fine = run.fitted(center: .zero, maxWidth: 500, maxHeight: 500, tolerance: 0.05)
        let coarse = run.fitted(center: .zero, maxWidth: 500, maxHeight: 500, tolerance: 1)
        #expect(fine.polylines[0].count > 2 * coarse.polylines[0].count)
        #expect(fine.bounds == coarse.bounds)
    }
}

@Suite struct TextWrappingTests {
    let font = StrokeFont.standard
    let message = "`size` must be a number in 16…2048 (CSS px), got \"5000\". See /openapi.json for every parameter."

    private func words(_ runs: [TextRun]) -> [Substring] {
        runs.map(\.text).joined(separator: " ").split(separator: " ")
    }

    @Test(arguments: [4.0, 8, 15, 40, 1000])
    func linesFitAndKeepEveryWordInOrder(width: Double) {
        let lines = font.wrapped(message, maxWidth: width)
        // Nothing is lost or reordered; words only split where one is wider than a line.
        #expect(lines.map(\.text).joined().filter { $0 != " " } == message.filter { $0 != " " })
        let unsplit = message.split(separator: " ").filter { font.layout($0).inkWidth <= width }
        #expect(unsplit.allSatisfy { words(lines).contains($0) })
        for line in lines {
            #expect(line.inkWidth <= width + 1e-9, "\(line.text)")
        }
        #expect(lines.count > 1 || width >= font.layout(message).inkWidth)
    }

    @Test func lineBreaksAndBlankLinesAreKept() {
        let lines = font.wrapped("one two\n\nthree", maxWidth: 100)
        #expect(lines.map(\.text) == ["one two", "", "three"])
    }

    @Test func longWordsAreSplitBetweenCharacters() {
        let word = String(repeating: "W", count: 40)
        let lines = font.wrapped("a " + word + " b", maxWidth: 5)
        #expect(lines.first?.text == "a")
        #expect(lines.last?.text == "b")
        #expect(lines.dropFirst().dropLast().map(\.text).joined() == word)
        for line in lines { #expect(line.inkWidth <= 5 + 1e-9) }
        // A line always takes at least one character, even if it is wider than the limit.
        #expect(font.wrapped("WW", maxWidth: 0.1).map(\.text) == ["W", "W"])
    }

    @Test func wrappingLongInputIsLinear() {
        let long = String(repeating: "word ", count: 2_000)
        let elapsed = ContinuousClock().measure { _ = font.wrapped(long, maxWidth: 20) }
        #expect(elapsed < .seconds(2))
    }

    @Test func paragraphFitsItsBox() {
        let center = Point(x: 200, y: 100)
        let placed = font.fittedParagraph(message, center: center, maxWidth: 360, maxHeight: 180, capHeight: 18)
        let box = TextBounds(minX: 20, minY: 10, maxX: 380, maxY: 190)
        #expect(box.contains(placed.bounds, tolerance: 1e-9))
        #expect(placed.capHeight == 18)
        #expect(abs(placed.bounds.center.x - center.x) < 20)
    }

    @Test func paragraphShrinksThenTruncatesWithAnEllipsis() {
        let box = TextBounds(minX: 0, minY: 0, maxX: 200, maxY: 60)
        let shrunk = font.fittedParagraph(
            message, center: box.center, maxWidth: 200, maxHeight: 60, capHeight: 30, minimumCapHeight: 4)
        #expect(shrunk.capHeight < 30 && shrunk.capHeight >= 4)
        #expect(box.contains(shrunk.bounds, tolerance: 1e-9))

        let long = String(repeating: message + " ", count: 20)
        let truncated = font.fittedParagraph(
            long, center: box.center, maxWidth: 200, maxHeight: 60, capHeight: 30, minimumCapHeight: 8)
        #expect(truncated.capHeight == 8)
        #expect(box.contains(truncated.bounds, tolerance: 1e-9))
        // The ellipsis's last dot is the rightmost ink on the last line: find it among the polylines.
        let ellipsis = font.layout("…").fitted(center: .zero, maxWidth: 100, maxHeight: 100)
        #expect(truncated.polylines.count > ellipsis.polylines.count)
        #expect(font.fittedParagraph(long, center: box.center, maxWidth: 200, maxHeight: 60, capHeight: 30) == font
            .fittedParagraph(long, center: box.center, maxWidth: 200, maxHeight: 60, capHeight: 30))
    }

    @Test func paragraphInATooSmallBoxIsEmpty() {
        #expect(font.fittedParagraph(message, center: .zero, maxWidth: 100, maxHeight: 2, capHeight: 10).isEmpty)
    }
}

extension TextRun {
    fileprivate func withText(_ text: String) -> TextRun {
        TextRun(text: text, strokes: strokes, advance: advance, inkBounds: inkBounds)
    }
}
