extension StrokeFont {
    /// A message set as centred lines inside a `maxWidth` × `maxHeight` box around `center` (image coordinates,
    /// y down) — the body of an error image.
    ///
    /// Starts at `capHeight` pixels and shrinks in 10 % steps until the wrapped lines fit, but not below
    /// `minimumCapHeight`; at that size the lines that do not fit are dropped and the last one kept ends in `…`.
    /// Every line is centred horizontally on its ink; the block is centred vertically from the top of the first
    /// line's capitals to the bottom of the last line's ink.
    ///
    /// - Parameters:
    ///   - lineSpacing: distance between baselines in cap heights.
    ///   - weight: stroke width as a fraction of the cap height.
    ///   - tolerance: largest distance in pixels between an arc and its chords.
    public func fittedParagraph(
        _ text: some StringProtocol, center: Point, maxWidth: Double, maxHeight: Double, capHeight: Double,
        minimumCapHeight: Double = 6, lineSpacing: Double = 1.7, weight: Double = 0.11,
        minimumStrokeWidth: Double = 1, tolerance: Double = 0.1
    ) -> PlacedText {
        var cap = max(capHeight, minimumCapHeight)
        while true {
            let stroke = max(minimumStrokeWidth, weight * cap)
            let widthEm = (maxWidth - stroke) / cap
            let heightEm = (maxHeight - stroke) / cap
            guard widthEm > 0, heightEm > 0 else { return .empty(at: center) }
            var lines = wrapped(text, maxWidth: widthEm)
            if blockHeight(lines, lineSpacing: lineSpacing) > heightEm {
                if cap > minimumCapHeight {
                    cap = max(minimumCapHeight, cap * 0.9)
                    continue
                }
                lines = truncated(lines, maxWidth: widthEm, maxHeight: heightEm, lineSpacing: lineSpacing)
                guard !lines.isEmpty else { return .empty(at: center) }
            }
            return place(
                lines, center: center, cap: cap, stroke: stroke, lineSpacing: lineSpacing, tolerance: tolerance)
        }
    }

    /// Height in em from the first line's cap top (or higher ink) to the last line's lowest ink.
    private func blockHeight(_ lines: [TextRun], lineSpacing: Double) -> Double {
        guard let first = lines.first, let last = lines.last else { return 0 }
        return max(capHeight, first.ascent) + Double(lines.count - 1) * lineSpacing + last.descent
    }

    /// The leading lines that fit `maxHeight`, the last of them ending in an ellipsis that fits `maxWidth`.
    private func truncated(_ lines: [TextRun], maxWidth: Double, maxHeight: Double, lineSpacing: Double) -> [TextRun] {
        var kept = lines
        while kept.count > 1, blockHeight(kept, lineSpacing: lineSpacing) > maxHeight {
            kept.removeLast()
        }
        guard blockHeight(kept, lineSpacing: lineSpacing) <= maxHeight, var text = kept.last?.text else { return [] }
        var last = layout(text + "…")
        while last.inkWidth > maxWidth, !text.isEmpty {
            text.removeLast()
            while text.last?.isWhitespace == true { text.removeLast() }
            last = layout(text + "…")
        }
        kept[kept.count - 1] = last
        return last.inkWidth <= maxWidth ? kept : []
    }

    private func place(
        _ lines: [TextRun], center: Point, cap: Double, stroke: Double, lineSpacing: Double, tolerance: Double
    ) -> PlacedText {
        let height = blockHeight(lines, lineSpacing: lineSpacing) * cap
        let firstBaseline = center.y - height / 2 + max(capHeight, lines[0].ascent) * cap
        var result = PlacedText(polylines: [], strokeWidth: stroke, bounds: TextBounds(point: center), capHeight: cap)
        var bounds: TextBounds?
        for (index, line) in lines.enumerated() {
            guard let ink = line.inkBounds else { continue }
            let origin = Point(x: center.x - ink.center.x * cap, y: firstBaseline + Double(index) * lineSpacing * cap)
            let placed = line.placed(origin: origin, scale: cap, strokeWidth: stroke, tolerance: tolerance)
            result.polylines += placed.polylines
            bounds = bounds?.union(placed.bounds) ?? placed.bounds
        }
        result.bounds = bounds ?? result.bounds
        return result
    }
}
