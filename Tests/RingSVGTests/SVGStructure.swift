import Foundation
import Testing

/// Structural checks on a written document: the writer's vocabulary only, unique ids, every reference defined.
enum SVGStructure {
    /// Every element the writer may emit.
    static let elements: Set<String> = [
        "svg", "title", "style", "defs", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "g", "path",
        "circle", "line", "rect", "use",
    ]

    /// Text that must never appear: filters, text, foreign content, scripts, links, external or data URLs.
    static let forbidden = [
        "<text", "filter", "foreignObject", "<script", "href", "<image", "javascript:", "data:", "http://www.w3.org/1999/xlink",
        "@import", "url(http",
    ]

    /// Element names in document order.
    static func elementNames(_ svg: String) -> [String] {
        var names: [String] = []
        var rest = svg[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let name = after.prefix { $0.isLetter }
            if !name.isEmpty { names.append(String(name)) }
            rest = after
        }
        return names
    }

    /// Values of `attribute="…"` in document order.
    static func attributeValues(_ svg: String, _ attribute: String) -> [String] {
        svg.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Records an issue for every structural problem of `svg`.
    static func check(_ svg: String, _ context: String) {
        for name in Set(elementNames(svg)) where !elements.contains(name) {
            Issue.record("\(context): element <\(name)> is not in the writer's vocabulary")
        }
        // The title is user text; its escaped form may contain anything harmless, so look outside it.
        // `<use href="#id">` (a repeated outline placed again) is the one link allowed: local, to a defined id.
        let outsideTitle = svg.replacingOccurrences(
            of: ##"<title>[^<]*</title>|aria-label="[^"]*"|<use href="#[A-Za-z0-9-]+""##, with: "", options: .regularExpression)
        for word in forbidden where outsideTitle.contains(word) {
            Issue.record("\(context): contains \(word)")
        }
        let ids = attributeValues(svg, "id")
        if Set(ids).count != ids.count { Issue.record("\(context): duplicate ids") }
        let references = svg.components(separatedBy: "url(#").dropFirst().map { String($0.prefix { $0 != ")" }) }
            + svg.components(separatedBy: "<use href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        for ref in Set(references) where !ids.contains(ref) {
            Issue.record("\(context): url(#\(ref)) is not defined")
        }
        // Numbers: at most 3 decimals, never -0.
        if svg.range(of: #"[0-9]\.[0-9]{4,}"#, options: .regularExpression) != nil {
            Issue.record("\(context): a number has more than 3 decimals")
        }
        if svg.range(of: #"[^0-9.]-0(?![.0-9])"#, options: .regularExpression) != nil {
            Issue.record("\(context): -0 written")
        }
    }

    /// Parses `svg` with xmllint (a real XML parser); records an issue when it is not well-formed.
    static func parse(_ svg: String, _ context: String) throws {
        guard let xmllint = PNGProbe.require("xmllint", package: "libxml2-utils") else { return }
        let out = try Tool.run(xmllint, ["--noout", "--nonet", "-"], input: Data(svg.utf8))
        if out.status != 0 { Issue.record("\(context): not well-formed XML: \(out.stderr)") }
    }
}
