import RingCore

/// One form control per parameter, chosen by the parameter's kind and carrying its range, default and docs, so
/// the page follows the table. The page script reads only the `data-` attributes written here.
extension BuilderPage {
    /// Progress sliders move in hundredths (arrow keys: one percent).
    static let progressStep = "0.01"
    /// Whole-lap tick marks are drawn under a progress slider when there are at most this many.
    static let maxTicks = 21
    /// Activity rings get one slider each, up to this many (the table allows fewer).
    static let maxRingRows = 32

    /// The `<div class="field">` for `parameter` in the fieldset `scope` (a route name or `common`).
    static func field(_ parameter: Parameter, scope: String) -> String {
        let id = "\(scope)-\(parameter.name)"
        let docID = id + "-doc"
        var attributes = HTML.attribute("class", hasSlider(parameter) ? "field wide" : "field")
            + HTML.attribute("data-param", parameter.name)
            + HTML.attribute("data-kind", kindName(parameter.kind))
            + HTML.attribute("data-default", parameter.defaultValue)
        if let other = parameter.insteadOf { attributes += HTML.attribute("data-instead", other) }
        let label = "<label for=\"\(id)\"><code>\(HTML.escape(parameter.name))</code></label>"
        let byDefault = parameter.defaultValue.isEmpty ? "no default" : "default \(parameter.defaultValue)"
        let insteadNote = parameter.insteadOf.map { " Instead of \($0)." } ?? ""
        let doc = "<p class=\"doc\" id=\"\(docID)\">\(HTML.escape(parameter.doc + insteadNote)) "
            + "<span class=\"accepts\">\(HTML.escape("Accepts \(parameter.kind.expectation); \(byDefault)."))</span></p>"
        let control = self.control(parameter, id: id, describedBy: docID)
        return "<div\(attributes)>\(label)\(control)\(doc)</div>\n"
    }

    /// Sliders get the whole width of the fieldset, so a small step is a visible move.
    static func hasSlider(_ parameter: Parameter) -> Bool {
        switch parameter.kind {
        case .progress: parameter.insteadOf == nil
        case .progressList: true
        default: false
        }
    }

    /// The kind's name in `data-kind`, which selects how the page script reads the control.
    static func kindName(_ kind: ParameterKind) -> String {
        switch kind {
        case .progress: "progress"
        case .progressList: "progressList"
        case .number: "number"
        case .integer: "integer"
        case .length: "length"
        case .color: "color"
        case .paint: "paint"
        case .gradient: "gradient"
        case .paintList: "paintList"
        case .colorList: "colorList"
        case .choice: "choice"
        case .flag: "flag"
        case .text, .url, .jsonPath: "text"
        }
    }

    static func control(_ parameter: Parameter, id: String, describedBy docID: String) -> String {
        let described = HTML.attribute("aria-describedby", docID)
        let placeholder = parameter.defaultValue.isEmpty ? "" : HTML.attribute("placeholder", parameter.defaultValue)
        switch parameter.kind {
        case .progress(let range):
            // An alternative spelling (move=, exercise=) starts empty; a required progress starts at its example.
            if !hasSlider(parameter) {
                return numberInput(id: id, range: range, step: "any", extra: described)
            }
            return slider(id: id, name: parameter.name, range: range, value: parameter.example, extra: described)
        case .progressList(let range, let count):
            return ringSliders(parameter, id: id, range: range, count: count, describedBy: docID)
        case .number(let range, _):
            return numberInput(id: id, range: range, step: "any", extra: described + placeholder)
        case .integer(let range):
            return numberInput(id: id, range: Double(range.lowerBound)...Double(range.upperBound), step: "1",
                               extra: described + placeholder)
        case .length(let pixels, let percent):
            let inPercent = parameter.defaultValue.hasSuffix("%")
            let range = inPercent ? percent : pixels
            let data = HTML.attribute("data-px-min", fmt(pixels.lowerBound)) + HTML.attribute("data-px-max", fmt(pixels.upperBound))
                + HTML.attribute("data-pc-min", fmt(percent.lowerBound)) + HTML.attribute("data-pc-max", fmt(percent.upperBound))
            return "<div class=\"pair\">"
                + numberInput(id: id, range: range, step: "any", extra: described + placeholder + data)
                + "<label class=\"vh\" for=\"\(id)-unit\">\(HTML.escape(parameter.name)) unit</label>"
                + "<select id=\"\(id)-unit\" class=\"unit\">"
                + "<option value=\"px\"\(inPercent ? "" : " selected")>px</option>"
                + "<option value=\"%\"\(inPercent ? " selected" : "")>% of size</option></select></div>"
        case .color(let allowsNone):
            return colorText(id: id, list: allowsNone ? "dl-colors-none" : "dl-colors", extra: described + placeholder)
                .wrappedInPair(with: picker(id: id + "-pick", label: "\(parameter.name): pick a colour",
                                            value: initialColor(parameter, stop: 0)))
        case .paint:
            return colorText(id: id, list: "dl-paints", extra: described + placeholder)
                .wrappedInPair(with: picker(id: id + "-pick", label: "\(parameter.name): pick a colour",
                                            value: initialColor(parameter, stop: 0)))
        case .gradient(let stops):
            var pickers = ""
            for stop in 0..<stops.lowerBound {
                pickers += picker(id: "\(id)-stop\(stop + 1)", label: "\(parameter.name): stop \(stop + 1) colour",
                                  value: initialColor(parameter, stop: stop), stop: true)
            }
            return colorText(id: id, list: "dl-presets", extra: described + placeholder).wrappedInPair(with: pickers)
        case .paintList, .colorList:
            return colorText(id: id, list: nil, extra: described + placeholder)
        case .choice(let options):
            var html = "<select id=\"\(id)\"\(described)>"
            if !options.contains(parameter.defaultValue) {
                html += "<option value=\"\" selected>\(HTML.escape(parameter.defaultValue.isEmpty ? "(not set)" : "default: \(parameter.defaultValue)"))</option>"
            }
            for option in options {
                html += "<option\(HTML.attribute("value", option))\(option == parameter.defaultValue ? " selected" : "")>"
                    + "\(HTML.escape(option))</option>"
            }
            return html + "</select>"
        case .flag:
            return "<input type=\"checkbox\" id=\"\(id)\"\(described)\(parameter.defaultValue == "1" ? " checked" : "")>"
        case .text(let maxLength, let label):
            // HTML's maxlength counts UTF-16 units, not characters: a label of 24 Devanagari or emoji-free CJK
            // characters has more, so its bound there is the byte limit and the server counts characters.
            let bound = label ? RingLimits.labelBytes : maxLength
            return "<input type=\"text\" id=\"\(id)\" maxlength=\"\(bound)\" autocomplete=\"off\"\(described)\(placeholder)>"
        case .url(let maxLength), .jsonPath(let maxLength):
            let type = if case .url = parameter.kind { "url" } else { "text" }
            return "<input type=\"\(type)\" id=\"\(id)\" maxlength=\"\(maxLength)\" autocomplete=\"off\" spellcheck=\"false\"\(described)\(placeholder)>"
        }
    }

    /// The slider's top: one lap (100 %), so its middle is 50 %; values past it (a ring lapping itself) are typed.
    static let sliderLap = 1.0

    /// A 0–100 % range input with a text field beside it that takes every spelling the decoder takes (`0.7`, `.7`,
    /// `70%`, `7/10`) up to the table's top (past 100 %), checked by the same rules, its error shown under the pair.
    static func slider(id: String, name: String, range: ClosedRange<Double>, value: String, extra: String) -> String {
        let top = min(range.upperBound, max(range.lowerBound, sliderLap))
        var ticks = ""
        var list = ""
        if top - range.lowerBound == 1 {
            list = HTML.attribute("list", id + "-ticks")
            ticks = "<datalist id=\"\(id)-ticks\">"
            for quarter in 0...4 { ticks += "<option value=\"\(fmt(range.lowerBound + Double(quarter) / 4))\"></option>" }
            ticks += "</datalist>"
        }
        let bounds = HTML.attribute("min", fmt(range.lowerBound)) + HTML.attribute("max", fmt(top))
        let exact = HTML.attribute("data-min", fmt(range.lowerBound)) + HTML.attribute("data-max", fmt(range.upperBound))
        return "<div class=\"pair\">"
            + "<input type=\"range\" id=\"\(id)\"\(bounds) step=\"\(progressStep)\"\(HTML.attribute("value", value))\(list)\(extra)>"
            + "<label class=\"vh\" for=\"\(id)-n\">\(HTML.escape(name)), exact value (0.7, .7, 70% or 7/10)</label>"
            + "<input type=\"text\" class=\"exact\" id=\"\(id)-n\"\(exact) inputmode=\"decimal\" autocomplete=\"off\""
            + " spellcheck=\"false\"\(HTML.attribute("value", value))\(HTML.attribute("aria-describedby", id + "-err"))>"
            + "</div>" + ticks + "<p class=\"field-error\" id=\"\(id)-err\" aria-live=\"polite\"></p>"
    }

    /// A count input (how many rings) and one slider per ring, the ones past the count hidden.
    static func ringSliders(_ parameter: Parameter, id: String, range: ClosedRange<Double>, count: ClosedRange<Int>,
                            describedBy docID: String) -> String {
        let examples = parameter.example.split(separator: ",").map(String.init)
        let initialCount = min(max(examples.count, count.lowerBound), count.upperBound)
        let rows = min(count.upperBound, maxRingRows)
        var html = "<div class=\"count\"><label for=\"\(id)-count\">rings</label>"
            + numberInput(id: id + "-count", range: Double(count.lowerBound)...Double(rows), step: "1",
                          extra: HTML.attribute("value", String(initialCount)) + HTML.attribute("aria-describedby", docID))
            + "</div>"
        html += "<div\(HTML.attribute("id", id))\(HTML.attribute("class", "rings"))>"
        for ring in 1...rows {
            let value = examples.isEmpty ? "0.5" : examples[(ring - 1) % examples.count]
            html += "<div class=\"ring\" data-ring=\"\(ring)\"\(ring > initialCount ? " hidden" : "")>"
                + "<label for=\"\(id)-\(ring)\">ring \(ring)</label>"
                + slider(id: "\(id)-\(ring)", name: "ring \(ring)", range: range, value: value, extra: "")
                + "</div>"
        }
        return html + "</div>"
    }

    static func numberInput(id: String, range: ClosedRange<Double>, step: String, extra: String) -> String {
        "<input type=\"number\" id=\"\(id)\"\(HTML.attribute("min", fmt(range.lowerBound)))"
            + "\(HTML.attribute("max", fmt(range.upperBound))) step=\"\(step)\" inputmode=\"decimal\"\(extra)>"
    }

    static func colorText(id: String, list: String?, extra: String) -> String {
        "<input type=\"text\" id=\"\(id)\" class=\"colour\"\(list.map { HTML.attribute("list", $0) } ?? "")"
            + " autocomplete=\"off\" spellcheck=\"false\"\(extra)>"
    }

    static func picker(id: String, label: String, value: String, stop: Bool = false) -> String {
        "<label class=\"vh\" for=\"\(id)\">\(HTML.escape(label))</label>"
            + "<input type=\"color\" id=\"\(id)\"\(HTML.attribute("class", stop ? "pick stop" : "pick"))\(HTML.attribute("value", value))>"
    }

    /// The colour a picker starts at: stop `stop` of the default if it names colours, else of the example, else grey.
    static func initialColor(_ parameter: Parameter, stop: Int) -> String {
        for source in [parameter.defaultValue, parameter.example] {
            let words = source.split(whereSeparator: { $0 == " " || $0 == "(" }).first.map(String.init) ?? ""
            if let preset = NamedColors.gradientPreset(words), stop < preset.stops.count {
                return preset.stops[stop].hexRGB
            }
            let stops = words.split(separator: ",")
            if stop < stops.count, let color = Color(parsing: stops[stop]) { return color.hexRGB }
            if stops.count == 1, let color = Color(parsing: stops[0]) { return color.hexRGB }
        }
        return "#808080"
    }
}

extension String {
    /// This control and `other` side by side.
    fileprivate func wrappedInPair(with other: String) -> String {
        "<div class=\"pair\">" + self + other + "</div>"
    }
}
