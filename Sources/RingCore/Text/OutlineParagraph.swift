/// A message set in a real typeface as centred lines inside a box: the body of an error image.
///
/// Words are shaped one at a time (each once: the setter caches lines), wrapped greedily on their advances, and
/// the size shrinks in 10 % steps until the lines fit, down to a smallest capital height; there the lines that do
/// not fit are dropped and the last one kept ends in "…". A word wider than the box breaks between characters
/// (long query values and CJK text have no spaces). Characters no font has show as "?" — the message names their
/// code points in ASCII anyway.
public struct OutlineParagraph {
    public let setter: any TextSetter

    /// Distance between baselines, in capital heights.
    public static let lineSpacing = 1.55
    /// How far ink reaches below the baseline, in capital heights, for the block's height (descenders).
    static let descent = 0.35

    public init(setter: any TextSetter) {
        self.setter = setter
    }

    /// The outlines of `text` fitted into `maxWidth` × `maxHeight` around `center` (nil when nothing fits).
    public func fitted(
        _ text: String, center: Point, maxWidth: Double, maxHeight: Double, capHeight: Double,
        minimumCapHeight: Double = 6
    ) -> FilledPath? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map { drawable(String($0)) }
        guard !words.isEmpty, maxWidth > 0, maxHeight > 0, setter.capHeight > 0 else { return nil }
        let space = setter.line(" ", tabularDigits: false)?.advance ?? 0.25
        var cap = max(capHeight, minimumCapHeight)
        while true {
            let scale = cap / setter.capHeight
            let width = maxWidth / scale
            var lines = wrapped(words, maxWidth: width, space: space)
            let fits = blockHeight(lines.count) * cap <= maxHeight
            if !fits, cap > minimumCapHeight {
                cap = max(minimumCapHeight, cap * 0.9)
                continue
            }
            if !fits {
                let keep = max(0, Int(((maxHeight / cap - 1 - Self.descent) / Self.lineSpacing).rounded(.down)) + 1)
                guard keep > 0 else { return nil }
                lines = Array(lines.prefix(keep))
                lines[keep - 1] = ellipsized(lines[keep - 1], maxWidth: width)
            }
            return place(lines, center: center, cap: cap)
        }
    }

    /// Height of `count` lines in capital heights: the first line's capitals, the spacing, the last descent.
    private func blockHeight(_ count: Int) -> Double {
        1 + Double(max(0, count - 1)) * Self.lineSpacing + Self.descent
    }

    /// `word` with every character no font draws replaced by "?".
    private func drawable(_ word: String) -> String {
        if setter.line(word, tabularDigits: false) != nil { return word }
        return String(word.map { setter.line(String($0), tabularDigits: false) != nil ? $0 : "?" })
    }

    private func advance(_ text: String) -> Double {
        setter.line(text, tabularDigits: false)?.advance ?? 0
    }

    /// Greedy wrapping on advances in em; over-long words split between characters.
    private func wrapped(_ words: [String], maxWidth: Double, space: Double) -> [String] {
        var lines: [String] = []
        var current = "", currentWidth = 0.0
        func flush() {
            if !current.isEmpty { lines.append(current) }
            current = ""
            currentWidth = 0
        }
        for word in words {
            let w = advance(word)
            if current.isEmpty ? w <= maxWidth : currentWidth + space + w <= maxWidth {
                current += current.isEmpty ? word : " " + word
                currentWidth += (currentWidth > 0 ? space : 0) + w
                continue
            }
            flush()
            if w <= maxWidth {
                current = word
                currentWidth = w
                continue
            }
            for character in word {
                let cw = advance(String(character))
                if currentWidth + cw > maxWidth, !current.isEmpty { flush() }
                current.append(character)
                currentWidth += cw
            }
        }
        flush()
        return lines
    }

    /// `line` shortened until it fits `maxWidth` with an ellipsis after it.
    private func ellipsized(_ line: String, maxWidth: Double) -> String {
        var text = line
        while !text.isEmpty, advance(text + "…") > maxWidth {
            text.removeLast()
            while text.last == " " { text.removeLast() }
        }
        return text + "…"
    }

    private func place(_ lines: [String], center: Point, cap: Double) -> FilledPath? {
        let scale = cap / setter.capHeight
        let height = blockHeight(lines.count) * cap
        var baseline = center.y - height / 2 + cap
        var path = FilledPath()
        for text in lines {
            defer { baseline += Self.lineSpacing * cap }
            guard let line = setter.line(text, tabularDigits: false), let ink = line.ink else { continue }
            let x = center.x - (ink.minX + ink.maxX) / 2 * scale
            let y = baseline
            path.append(line.path.mapped { Point(x: x + $0.x * scale, y: y + $0.y * scale) })
        }
        return path.isEmpty ? nil : path
    }
}
