import Testing
@testable import RingCore

/// `/badge`'s layout (docs/design.md §Badges): shields.io's shape, measurements and colour rules.
@Suite struct BadgeLayoutTests {
    static func style(_ label: String = "coverage", _ message: String = "87%", look: BadgeLook = .flat) -> BadgeStyle {
        BadgeStyle(
            progress: 0.87, label: label, message: message, labelBackground: Color(hex: 0x555555),
            valueBackground: Color(hex: 0x44CC11), fill: .solid(Color(hex: 0xFFFFFF)), track: nil, look: look)
    }

    @Test(arguments: BadgeLook.allCases)
    func heightIsTheStyles(_ look: BadgeLook) {
        let scene = RingLayout.scene(for: RingSpec(style: .badge(Self.style(look: look)), common: CommonOptions(title: "t")))
        #expect(scene.height == [.flat: 20, .flatSquare: 20, .plastic: 18, .forTheBadge: 28][look])
        #expect(scene.width == RingLayout.badgeWidth(Self.style(look: look), text: nil))
    }

    /// Left part: the label's slot (odd whole pixels) plus margins; right part: ring, gutter, message, margin.
    @Test func widthsAddUp() {
        let m = BadgeLook.flat.metrics
        let plan = BadgePlan(Self.style(), text: nil)
        let label = try! #require(plan.label)
        #expect(label.slotWidth.truncatingRemainder(dividingBy: 2) == 1)
        #expect(label.slotWidth >= label.width.rounded(.down))
        #expect(plan.leftWidth == label.slotWidth + 2 * m.textMargin)
        #expect(plan.width == plan.leftWidth + m.ringMargin + m.ringDiameter + m.ringGutter + plan.message.slotWidth + m.textMargin)
        // A longer label makes only the left part wider.
        let longer = BadgePlan(Self.style("coverage report"), text: nil)
        #expect(longer.leftWidth > plan.leftWidth)
        #expect(longer.width - longer.leftWidth == plan.width - plan.leftWidth)
    }

    @Test func noLabelMeansOnePart() {
        let scene = RingLayout.scene(for: RingSpec(style: .badge(Self.style("")), common: CommonOptions(title: "t")))
        guard case .shape(let first) = scene.items.first, case .roundedRect(let box) = first.primitive else {
            Issue.record("the badge does not start with one rounded box")
            return
        }
        #expect(box.rect.width == scene.width && box.cornerRadius == 3)
        #expect(first.paint.solidColor == Color(hex: 0x44CC11))
    }

    /// The two parts are outlines that meet on the seam, each in its own colour.
    @Test func partsMeetOnTheSeam() throws {
        let scene = RingLayout.scene(for: RingSpec(style: .badge(Self.style()), common: CommonOptions(title: "t")))
        let plan = BadgePlan(Self.style(), text: nil)
        guard case .shape(let left) = scene.items[0], case .path(let l) = left.primitive,
            case .shape(let right) = scene.items[1], case .path(let r) = right.primitive
        else {
            Issue.record("the badge does not start with its two parts")
            return
        }
        let lb = try #require(l.controlBounds), rb = try #require(r.controlBounds)
        #expect(lb.minX == 0 && lb.maxX == plan.leftWidth && rb.minX == plan.leftWidth && rb.maxX == plan.width)
        #expect(left.paint.solidColor == Color(hex: 0x555555) && right.paint.solidColor == Color(hex: 0x44CC11))
    }

    /// shields' coverage colours: red below 50 %, orange, yellow from 70, yellowgreen from 80, green from 90,
    /// brightgreen at 100 % and above.
    @Test func valueColourFollowsTheValue() {
        let cases: [(Double, UInt32)] = [
            (0, 0xE05D44), (0.499, 0xE05D44), (0.5, 0xFE7D37), (0.699, 0xFE7D37), (0.7, 0xDFB317), (0.8, 0xA4A61D),
            (0.9, 0x97CA00), (0.999, 0x97CA00), (1, 0x44CC11), (3, 0x44CC11),
        ]
        for (p, hex) in cases {
            #expect(BadgeStyle.valueColor(for: p) == Color(hex: hex), "p = \(p)")
        }
    }

    /// shields' text colour rule: white (dark shadow) up to YIQ brightness 0.69, #333 (light shadow) above.
    @Test func textColourFollowsTheBackground() {
        #expect(BadgeStyle.textColors(on: Color(hex: 0x555555)).text == Color(hex: 0xFFFFFF))
        #expect(BadgeStyle.textColors(on: Color(hex: 0xDFB317)).text == Color(hex: 0xFFFFFF))
        #expect(BadgeStyle.textColors(on: Color(hex: 0xFFF7B2)).text == Color(hex: 0x333333))
        #expect(BadgeStyle.textColors(on: Color(hex: 0xFFF7B2)).shadow == Color(hex: 0xCCCCCC))
    }

    /// Only `flat` (a faint shade) and `plastic` (its gloss: two layers) have a shade and the text shadow.
    @Test(arguments: BadgeLook.allCases)
    func shadeOnlyOnFlatAndPlastic(_ look: BadgeLook) {
        let scene = RingLayout.scene(for: RingSpec(style: .badge(Self.style(look: look)), common: CommonOptions(title: "t")))
        let shaded = scene.items.contains { item in
            if case .shape(let s) = item, case .linear = s.paint { return true }
            return false
        }
        #expect(shaded == (look == .flat || look == .plastic))
        let layers = scene.items.filter { if case .shape(let s) = $0, case .linear = s.paint { true } else { false } }
        #expect(layers.count == (look == .plastic ? 2 : look == .flat ? 1 : 0))
    }

    /// The ring sits with the text (issue 40 item 4): as tall as the capitals plus a stem above and below, to
    /// whole even pixels, its band one and a half stems, to half pixels; its centre on whole pixels, so its outer
    /// edge meets the pixel grid. 10 px and 1.5 px beside 11 px text (no longer the 12 px, 2.5 px donut).
    @Test(arguments: BadgeLook.allCases)
    func ringSitsWithTheText(_ look: BadgeLook) {
        let m = look.metrics
        let cap = BadgeLook.textCapHeight * m.fontSize, stem = BadgeLook.textStem * m.fontSize
        #expect(m.ringDiameter == 10 && m.ringWidth == 1.5)
        #expect(m.ringDiameter.truncatingRemainder(dividingBy: 2) == 0 && abs(m.ringDiameter - (cap + 2 * stem)) <= 1)
        #expect((m.ringWidth * 2).truncatingRemainder(dividingBy: 1) == 0 && abs(m.ringWidth - 1.5 * stem) <= 0.25)
        for label in ["coverage", "", "a"] {
            let plan = BadgePlan(Self.style(label, look: look), text: nil)
            #expect((plan.ringLeft + m.ringDiameter / 2).truncatingRemainder(dividingBy: 1) == 0, "\(label)")
        }
        #expect((m.height / 2).truncatingRemainder(dividingBy: 1) == 0)
        let arcs = RingLayout.badgeRing(Self.style(look: look), left: 0, metrics: m, animated: false).flatMap(\.shapes)
            .compactMap { if case .arc(let a) = $0.primitive { a } else { nil } }
        #expect(!arcs.isEmpty)
        for arc in arcs {
            #expect(close(arc.radius + arc.width / 2, m.ringDiameter / 2) && arc.width == m.ringWidth)
        }
    }

    /// Badge text on its 0.1 px grid: a quadratic's control point that mirrors the previous one stays mirrored when
    /// that is within 0.1 px of where it belongs (so the SVG writes a `t`), and is rounded alone when it is not.
    @Test func textKeepsMirroredControlPointsOnItsGrid() {
        func controls(_ c1: Double, _ end1: Double, _ c2: Double) -> [Double] {
            let path = FilledPath([
                .move(Point(x: 0, y: 0)), .quad(Point(x: c1, y: 0), Point(x: end1, y: 0)),
                .quad(Point(x: c2, y: 0), Point(x: 0.6, y: 0)), .close,
            ])
            return BadgeText.placedOnGrid(path, origin: Point(x: 0, y: 0), scale: 1).elements.compactMap {
                if case .quad(let c, _) = $0 { c.x } else { nil }
            }
        }
        // 0.12 → 0.1 and 0.27 → 0.3: the mirror 0.5 is 0.08 from 0.42, so it is kept (alone 0.42 would be 0.4).
        let kept = controls(0.12, 0.27, 0.42)
        #expect(close(kept[0], 0.1) && close(kept[1], 0.5), "\(kept)")
        // 0.13 → 0.1 and 0.26 → 0.3: the mirror 0.5 is 0.11 from 0.39, too far; 0.39 → 0.4.
        let alone = controls(0.13, 0.26, 0.39)
        #expect(close(alone[0], 0.1) && close(alone[1], 0.4), "\(alone)")
    }

    /// A badge part's cubic corners are a quarter circle within 0.03 % of the radius.
    @Test func cornersAreQuarterCircles() {
        let part = RingLayout.badgePart(x: 0, width: 40, height: 20, radius: 3, roundLeft: true, roundRight: true)
        for polygon in part.polygons(tolerance: 0.0005) {
            for p in polygon where p.x < 3 && p.y < 3 {
                let d = p.distance(to: Point(x: 3, y: 3))
                #expect(abs(d - 3) < 0.001, "corner point \(p) at \(d) from the corner's centre")
            }
        }
    }
}
