import Testing
@testable import RingCore

/// Issue 16 item 10: labels and layout details.
@Suite struct LabelRuleTests {
    @Test(arguments: [
        (0.0, "0%"), (0.5, "50%"), (0.994, "99%"), (0.995, "99%"), (0.9999, "99%"), (1.0, "100%"), (1.004, "100%"),
        (2.5, "250%"), (10, "1000%"),
    ])
    func percentNeverSaysDoneBeforeItIs(progress: Double, text: String) {
        #expect(PercentText.of(progress) == text)
    }

    func labelStrokeWidths(_ spec: RingSpec) -> Set<Double> {
        Set(RingLayout.scene(for: spec).shapes.compactMap { shape -> Double? in
            if case .polyline(let line) = shape.primitive { return line.width }
            return nil
        })
    }

    func labelHeight(_ spec: RingSpec) -> Double {
        let ys = RingLayout.scene(for: spec).shapes.flatMap { shape -> [Double] in
            if case .polyline(let line) = shape.primitive { return line.points.map(\.y) }
            return []
        }
        return (ys.max() ?? 0) - (ys.min() ?? 0)
    }

    @Test func autoLabelKeepsOneSizePerRingSize() throws {
        for size in [64.0, 192, 512] {
            let specs = [0.01, 0.5, 0.996, 1, 3.33].map { p -> RingSpec in
                var spec = Specs.ring(p)
                spec.common.size = size
                spec.common.label = .auto
                return spec
            }
            let widths = specs.map(labelStrokeWidths)
            #expect(Set(widths).count == 1, "size \(size): stroke widths \(widths)")
            // Digits share a cap height: every label's ink is as tall as the others' (within a stroke's rounding).
            let heights = specs.map(labelHeight)
            #expect((heights.max() ?? 0) - (heights.min() ?? 0) < 0.05 * (heights.max() ?? 1), "size \(size): \(heights)")
        }
    }

    @Test func pieLabelHasAContrastingHaloUnderIt() throws {
        let spec = RingSpec(
            style: .pie(PieStyle(progress: 0.6, color: Color(hex: 0x2980B9), border: Color(hex: 0x2980B9), borderWidth: .pixels(4))),
            common: CommonOptions(size: 192, label: .auto, labelColor: Color(hex: 0x1C1C1E)))
        let lines = RingLayout.scene(for: spec).shapes.compactMap { shape -> (Polyline, Paint)? in
            if case .polyline(let line) = shape.primitive { return (line, shape.paint) }
            return nil
        }
        let halves = lines.count / 2
        try #require(halves > 0 && lines.count == 2 * halves)
        for k in 0..<halves {
            let (halo, text) = (lines[k], lines[halves + k])
            #expect(halo.0.points == text.0.points)
            #expect(halo.0.width > text.0.width * 1.5)
            #expect(halo.1 == .solid(Color(hex: 0xFFFFFF)))
            #expect(text.1 == .solid(Color(hex: 0x1C1C1E)))
        }
    }

    @Test func ringLabelsHaveNoHalo() {
        var spec = Specs.ring(0.5)
        spec.common.label = .auto
        #expect(labelStrokeWidths(spec).count == 1)
    }

    @Test func trackShowsOnABackgroundOfItsOwnColour() throws {
        let page = Color(hex: 0x1C1C1E)
        var spec = Specs.ring(0.5, fill: .solid(Specs.purple))
        if case .ring(var style) = spec.style {
            style.track = page
            spec.style = .ring(style)
        }
        spec.common.background = page
        let track = try #require(RingLayout.scene(for: spec).shapes.first?.paint)
        guard case .solid(let c) = track else {
            Issue.record("track is not solid")
            return
        }
        #expect(Int(c.r) - Int(page.r) >= 12 && Int(c.g) - Int(page.g) >= 12, "track \(c) on \(page)")
        // A track that already shows is left as it is.
        spec.common.background = Color(hex: 0x000000)
        #expect(RingLayout.scene(for: spec).shapes.first?.paint == .solid(page))
    }
}
