extension StrokeFont {
    /// Breaks `text` into lines whose ink is at most `maxWidth` em wide.
    ///
    /// Lines break at whitespace (runs of it collapse to one space); line breaks in the text start a new line
    /// (a blank line stays a blank run); a word wider than a line on its own is split between characters.
    /// Measuring is linear in the text length, so a long message quoting user input stays cheap.
    public func wrapped(_ text: some StringProtocol, maxWidth: Double) -> [TextRun] {
        var lines: [String] = []
        for paragraph in String(text).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Measure.empty
            var lineText = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                let measured = measure(word)
                if lineText.isEmpty || line.appending(measure(" ")).appending(measured).inkWidth > maxWidth {
                    if !lineText.isEmpty { lines.append(lineText) }
                    (line, lineText) = (Measure.empty, "")
                    for piece in split(word, maxWidth: maxWidth) {
                        if !lineText.isEmpty { lines.append(lineText) }
                        (line, lineText) = (measure(piece), String(piece))
                    }
                } else {
                    line = line.appending(measure(" ")).appending(measured)
                    lineText += " " + word
                }
            }
            lines.append(lineText)
        }
        return lines.map { layout($0) }
    }

    /// `word` in pieces no wider than `maxWidth` (at least one character each); usually just `[word]`.
    private func split(_ word: Substring, maxWidth: Double) -> [Substring] {
        var pieces: [Substring] = []
        var start = word.startIndex
        var piece = Measure.empty
        for index in word.indices {
            let next = piece.appending(measure(word[index...index]))
            if next.inkWidth > maxWidth, index > start {
                pieces.append(word[start..<index])
                start = index
                piece = measure(word[index...index])
            } else {
                piece = next
            }
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Advance and horizontal ink extent of a piece of text, composable, and taken from glyph metrics alone so
    /// that measuring never builds strokes.
    private struct Measure {
        var advance: Double
        var inkMinX: Double
        var inkMaxX: Double

        static let empty = Measure(advance: 0, inkMinX: .infinity, inkMaxX: -.infinity)

        var inkWidth: Double { inkMaxX >= inkMinX ? inkMaxX - inkMinX : 0 }

        func appending(_ next: Measure) -> Measure {
            Measure(
                advance: advance + next.advance, inkMinX: min(inkMinX, advance + next.inkMinX),
                inkMaxX: max(inkMaxX, advance + next.inkMaxX))
        }
    }

    private func measure(_ text: some StringProtocol) -> Measure {
        text.reduce(Measure.empty) { measure, character in
            let glyph = drawnGlyph(for: character)
            let ink = glyph.inkBounds
            return measure.appending(
                Measure(advance: glyph.advance, inkMinX: ink?.minX ?? .infinity, inkMaxX: ink?.maxX ?? -.infinity))
        }
    }
}
