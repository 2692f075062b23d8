import Foundation
import RingCore
import RingHTTP
import RingTestSupport
import Testing
@testable import RingApp

/// The URL builder page at `/` is generated from the parameter table: every parameter of every route is a labelled
/// control carrying the table's range, default and docs, and a changed row changes the page. It is one
/// self-contained document whose inline style and script are the only ones its Content-Security-Policy allows.
/// (Its behaviour in a browser is checked by scripts/check/browser/builder.py.)
@Suite struct BuilderPageTests {
    static let page = BuilderPage()

    // MARK: Generated from the table

    @Test(arguments: ImageRoute.allCases)
    func everyParameterOfTheRouteIsAControlInItsFieldset(_ route: ImageRoute) throws {
        let html = Self.page.html
        let fieldset = try #require(Self.section(html, from: "id=\"params-\(route.rawValue)\"", to: "</fieldset>"))
        for parameter in ParameterTable.specific(to: route) {
            Self.expectControl(for: parameter, scope: route.rawValue, in: fieldset)
        }
        // Other routes' own parameters are not in this fieldset.
        let own = Set(ParameterTable.specific(to: route).map(\.name))
        for other in ImageRoute.allCases where other != route {
            for parameter in ParameterTable.specific(to: other) where !own.contains(parameter.name) {
                #expect(!fieldset.contains("data-param=\"\(parameter.name)\""), "\(parameter.name) in /\(route) fieldset")
            }
        }
    }

    @Test func everyCommonParameterIsAControl() throws {
        let fieldset = try #require(Self.section(Self.page.html, from: "id=\"params-common\"", to: "</fieldset>"))
        for parameter in ParameterTable.common {
            Self.expectControl(for: parameter, scope: "common", in: fieldset)
        }
    }

    /// Number-like controls carry the table's bounds; choices its options; flags its default.
    @Test func controlsCarryTheTableRangesOptionsAndDefaults() throws {
        let html = Self.page.html
        for (scope, parameters) in Self.scopes {
            for parameter in parameters {
                let id = "\(scope)-\(parameter.name)"
                switch parameter.kind {
                case .progress(let range) where parameter.insteadOf == nil:
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["type"] == "range", "\(id)")
                    // The slider spans one lap (0–100 %); its text field takes the table's whole range.
                    #expect(tag["min"] == fmt(range.lowerBound) && tag["max"] == fmt(min(range.upperBound, 1)), "\(id): \(tag)")
                    #expect(tag["value"] == parameter.example, "\(id) starts at the example")
                    let exact = try #require(Self.tag(withID: id + "-n", in: html))
                    #expect(exact["type"] == "text" && exact["data-min"] == fmt(range.lowerBound), "\(id)-n: \(exact)")
                    #expect(exact["data-max"] == fmt(range.upperBound), "\(id)-n: \(exact)")
                case .progress(let range), .number(let range, _):
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["type"] == "number")
                    #expect(tag["min"] == fmt(range.lowerBound) && tag["max"] == fmt(range.upperBound), "\(id): \(tag)")
                case .integer(let range):
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["min"] == String(range.lowerBound) && tag["max"] == String(range.upperBound), "\(id)")
                    #expect(tag["step"] == "1")
                case .length(let px, let pc):
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["data-px-min"] == fmt(px.lowerBound) && tag["data-px-max"] == fmt(px.upperBound), "\(id)")
                    #expect(tag["data-pc-min"] == fmt(pc.lowerBound) && tag["data-pc-max"] == fmt(pc.upperBound), "\(id)")
                    #expect(Self.tag(withID: id + "-unit", in: html) != nil, "\(id) has a unit choice")
                case .progressList(let range, let count):
                    let counter = try #require(Self.tag(withID: id + "-count", in: html))
                    #expect(counter["min"] == String(count.lowerBound) && counter["max"] == String(count.upperBound))
                    for ring in count {
                        let slider = try #require(Self.tag(withID: "\(id)-\(ring)", in: html), "\(id) ring \(ring)")
                        #expect(slider["min"] == fmt(range.lowerBound) && slider["max"] == fmt(min(range.upperBound, 1)))
                        #expect(Self.tag(withID: "\(id)-\(ring)-n", in: html)?["data-max"] == fmt(range.upperBound))
                    }
                case .choice(let options):
                    let select = try #require(Self.section(html, from: "<select id=\"\(id)\"", to: "</select>"))
                    for option in options { #expect(select.contains("<option value=\"\(option)\""), "\(id): \(option)") }
                    if options.contains(parameter.defaultValue) {
                        #expect(select.contains("<option value=\"\(parameter.defaultValue)\" selected>"), "\(id)")
                    }
                case .flag:
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["type"] == "checkbox")
                    #expect((tag["checked"] != nil) == (parameter.defaultValue == "1"), "\(id)")
                case .text(let max, let label):
                    let tag = try #require(Self.tag(withID: id, in: html))
                    // A label's bound in HTML (UTF-16 units) is its byte limit; the server counts characters.
                    #expect(tag["maxlength"] == String(label ? RingLimits.labelBytes : max), "\(id)")
                case .color, .paint, .gradient, .paintList, .colorList:
                    let tag = try #require(Self.tag(withID: id, in: html))
                    #expect(tag["type"] == "text", "\(id)")
                case .url(let max), .jsonPath(let max):
                    let tag = try #require(Self.tag(withID: id, in: html))
                    let type = if case .url = parameter.kind { "url" } else { "text" }
                    #expect(tag["type"] == type && tag["maxlength"] == String(max), "\(id): \(tag)")
                }
                if !parameter.defaultValue.isEmpty, case .text = parameter.kind {
                    #expect(Self.tag(withID: id, in: html)?["placeholder"] == parameter.defaultValue, "\(id)")
                }
            }
        }
    }

    /// A different row (range, default, options) gives a different page, with no other edit.
    @Test func aChangedRowChangesThePage() throws {
        var petals = ParameterTable.specific(to: .petals)
        let index = try #require(petals.firstIndex { $0.name == "petals" })
        petals[index] = Parameter("petals", .integer(3...40), default: .value("10"), doc: "Number of petals (changed).", example: "12")
        var common = ParameterTable.common
        let size = try #require(common.firstIndex { $0.name == "size" })
        common[size] = Parameter("size", .number(20...999, unit: "px"), default: .value("200"), doc: "Side (changed).", example: "256")
        let theme = try #require(common.firstIndex { $0.name == "theme" })
        common[theme] = Parameter("theme", .choice(["light", "dark", "sepia"]), default: .value("light"), doc: "Theme.", example: "dark")
        let changed = BuilderPage(routes: [(.petals, petals)], common: common)

        let field = try #require(Self.tag(withID: "petals-petals", in: changed.html))
        #expect(field["min"] == "3" && field["max"] == "40" && field["placeholder"] == "10")
        #expect(changed.html.contains("Accepts a whole number 3…40; default 10."))
        let sizeField = try #require(Self.tag(withID: "common-size", in: changed.html))
        #expect(sizeField["min"] == "20" && sizeField["max"] == "999" && sizeField["placeholder"] == "200")
        // The preview starts at the default size.
        #expect(Self.tag(withID: "preview-svg", in: changed.html)?["width"] == "200")
        #expect(changed.html.contains("<option value=\"sepia\">sepia</option>"))
        // The first route given is the one shown first, at its example progress.
        #expect(Self.tag(withID: "preview-png", in: changed.html)?["src"] == "/petals.png?p=0.7")
        #expect(!changed.html.contains("id=\"params-ring\""))
        // And the standard page shows none of it.
        #expect(Self.tag(withID: "petals-petals", in: Self.page.html)?["max"] == String(RingLimits.petals.upperBound))
        #expect(!Self.page.html.contains("sepia"))
    }

    /// The script gives these parameters roles beyond the URL (snippet size, alt text, dark/light pair, preview URLs).
    @Test func parametersTheScriptUsesByNameAreInTheTable() throws {
        let names = Set(ParameterTable.common.map(\.name))
        for name in ["size", "title", "theme", "format"] {
            #expect(names.contains(name), "the builder script uses \(name)")
            #expect(BuilderScript.source.contains("'\(name)'"))
        }
        let theme = try #require(ParameterTable.common.first { $0.name == "theme" })
        guard case .choice(let options) = theme.kind else { Issue.record("theme is not a choice"); return }
        #expect(options.contains("light") && options.contains("dark"))
        let hint = try #require(Self.tag(withID: "themes", in: Self.page.html))
        #expect(hint["data-light"] == "light" && hint["data-dark"] == "dark")
    }

    @Test func alternativesNameAParameterOfTheSameRoute() {
        for route in ImageRoute.allCases {
            for parameter in route.parameters {
                guard let other = parameter.insteadOf else { continue }
                #expect(route.parameter(other) != nil, "/\(route) \(parameter.name) is instead of unknown \(other)")
                #expect(other != parameter.name)
            }
        }
    }

    @Test func theReferenceListsEveryParameterWithItsRangeAndDefault() throws {
        let reference = try #require(Self.section(Self.page.html, from: "id=\"reference-h\"", to: "</section>"))
        for (_, parameters) in Self.scopes {
            for p in parameters {
                let row = "<tr><th scope=\"row\"><code>\(HTML.escape(p.name))</code></th><td>\(HTML.escape(p.kind.expectation))</td>"
                #expect(reference.contains(row), "\(p.name)")
                if !p.defaultValue.isEmpty { #expect(reference.contains("<code>\(HTML.escape(p.defaultValue))</code>")) }
            }
        }
    }

    // MARK: Self-contained, labelled, well-formed

    @Test func everyControlHasALabel() {
        let html = Self.page.html
        let labelled = Set(Self.tags(named: ["label"], in: html).compactMap { $0["for"] })
        var controls = 0
        for tag in Self.tags(named: ["input", "select", "textarea"], in: html) {
            controls += 1
            let labelled = tag["id"].map(labelled.contains) ?? false || tag["aria-label"] != nil
            #expect(labelled, "unlabelled control \(tag)")
        }
        #expect(controls > 50)
        for tag in Self.tags(named: ["button"], in: html) {
            #expect(tag["aria-label"] != nil, "button without an accessible name: \(tag)")
        }
    }

    @Test func idsAreUnique() {
        var seen = Set<String>()
        for match in Self.page.html.matches(of: /\sid="([^"]+)"/) {
            let id = String(match.1)
            #expect(!seen.contains(id), "duplicate id \(id)")
            seen.insert(id)
        }
    }

    /// Nothing is loaded from elsewhere: every src and href is a path on this server or a fragment.
    @Test func theDocumentIsSelfContained() throws {
        let html = Self.page.html.replacingOccurrences(of: try #require(Self.inner(Self.page.html, "script")), with: "")
        for match in html.matches(of: /\s(?:src|href|srcset|action)="([^"]*)"/) {
            let value = String(match.1)
            #expect(value.hasPrefix("/") && !value.hasPrefix("//") || value.hasPrefix("#"), "external reference \(value)")
        }
        // An absolute URL may appear only as text inside <code> (the `src` parameter's documented example), never
        // where the browser would follow it.
        let withoutCode = Self.page.html.replacing(/<code>[^<]*<\/code>/, with: "")
        #expect(!withoutCode.contains("http://") && !withoutCode.contains("https://"), "an absolute URL in the page")
        #expect(!html.contains("@import") && !html.contains("url("), "the stylesheet loads something")
    }

    @Test(.tags(.externalTool)) func theCSPAllowsExactlyTheInlineStyleAndScript() throws {
        let html = Self.page.html
        #expect(html.components(separatedBy: "<script").count == 2, "one script element")
        #expect(html.components(separatedBy: "<style").count == 2, "one style element")
        let script = try #require(Self.inner(html, "script"))
        let style = try #require(Self.inner(html, "style"))
        let csp = Self.page.contentSecurityPolicy
        #expect(csp.contains("script-src 'sha256-\(Self.base64SHA256(script))'"), "\(csp)")
        #expect(csp.contains("style-src 'sha256-\(Self.base64SHA256(style))'"), "\(csp)")
        #expect(csp.hasPrefix("default-src 'none'"))
        #expect(!csp.contains("unsafe"))
        // Hash sources do not cover style attributes or inline event handlers, so the markup has none.
        let markup = html.replacingOccurrences(of: script, with: "")
        #expect(!markup.contains(" style=\""))
        #expect(markup.firstMatch(of: /\son[a-z]+=/) == nil, "an inline event handler")
    }

    /// libxml2's HTML parser reads the page without errors; it predates HTML5, so it only may not know some tags.
    @Test(.tags(.externalTool)) func xmllintParsesThePage() throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("builder.html")
        try Data(Self.page.html.utf8).write(to: file)
        let run = try ExternalTool.run("xmllint", ["--html", "--noout", file.path], install: "apt-get install libxml2-utils")
        #expect(run.status == 0, "\(run.stderr)")
        let html5 = Set(["header", "main", "section", "figure", "figcaption", "details", "summary", "datalist", "picture"])
        let complaints = run.stderr.split(separator: "\n").filter { $0.contains("parser error") }
        for complaint in complaints {
            let unknownTag = complaint.firstMatch(of: /Tag ([a-z]+) invalid/).map { html5.contains(String($0.1)) } ?? false
            #expect(unknownTag, "xmllint: \(complaint)")
        }
    }

    /// Our own independent check of nesting: every opened element is closed in order (void elements aside).
    @Test func elementsNestProperly() throws {
        let void: Set<String> = ["meta", "link", "input", "img", "br", "hr", "source"]
        var stack: [String] = []
        let html = Self.page.html.replacingOccurrences(
            of: try #require(Self.section(Self.page.html, from: "<script>", to: "</script>")), with: "")
        for match in html.matches(of: /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/) {
            let closing = !match.1.isEmpty, name = match.2.lowercased()
            if void.contains(name) { continue }
            if closing {
                let open = stack.popLast()
                #expect(open == name, "</\(name)> closes <\(open ?? "nothing")>")
            } else {
                stack.append(name)
            }
        }
        #expect(stack.isEmpty, "unclosed: \(stack)")
    }

    // MARK: Served at /

    @Test func slashServesThePageWithCachingAndPolicyHeaders() throws {
        let app = RingApplication()
        let r = app.respond(to: request("/"))
        #expect(r.status == .ok)
        #expect(r.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(r.headers["Cache-Control"] == "no-cache")
        #expect(r.headers["Content-Security-Policy"] == Self.page.contentSecurityPolicy)
        #expect(r.headers["X-Content-Type-Options"] == "nosniff")
        #expect(r.body == Array(Self.page.html.utf8))
        #expect(r.isPrepared)
        let etag = try #require(r.headers["ETag"])
        #expect(etag.count == 34 && etag.hasPrefix("\"") && etag.hasSuffix("\""))

        let again = app.respond(to: request("/", [("If-None-Match", etag)]))
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == etag)

        let gzip = app.respond(to: request("/", [("Accept-Encoding", "gzip")]))
        #expect(gzip.headers["Content-Encoding"] == "gzip")
        #expect(gzip.headers["Vary"] == "Accept-Encoding")
        #expect(try #require(GzipTests.gunzip(gzip.body)) == r.body)
        #expect(gzip.body.count * 3 < r.body.count)
        let gzipTag = try #require(gzip.headers["ETag"])
        #expect(gzipTag != etag)
        #expect(app.respond(to: request("/", [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)])).status == .notModified)
        #expect(app.respond(to: request("/", [("If-None-Match", "\"other\"")])).status == .ok)
    }

    @Test func thePreviewsStartOnImagesTheAppServes() throws {
        let app = RingApplication()
        for id in ["preview-svg", "preview-png"] {
            let src = try #require(Self.tag(withID: id, in: Self.page.html)?["src"])
            let response = app.respond(to: request(src))
            #expect(response.status == .ok, "\(src)")
            #expect(response.headers["X-Ring-Error"] == nil, "\(src)")
        }
        for thumbnail in Self.tags(named: ["img"], in: Self.page.html).compactMap({ $0["src"] }) {
            let response = app.respond(to: request(thumbnail.replacingOccurrences(of: "&amp;", with: "&")))
            #expect(response.status == .ok && response.headers["X-Ring-Error"] == nil, "\(thumbnail)")
        }
    }

    // MARK: Helpers

    static var scopes: [(String, [Parameter])] {
        ImageRoute.allCases.map { ($0.rawValue, ParameterTable.specific(to: $0)) } + [("common", ParameterTable.common)]
    }

    /// The field for `parameter`: its name, a control labelled with it, its docs with range and default.
    static func expectControl(for parameter: Parameter, scope: String, in fieldset: String) {
        let id = "\(scope)-\(parameter.name)"
        #expect(fieldset.contains("data-param=\"\(parameter.name)\""), "\(id): no field")
        #expect(fieldset.contains("<label for=\"\(id)\"><code>\(parameter.name)</code></label>"), "\(id): no label")
        let control: String
        if case .progressList = parameter.kind { control = id + "-count" } else { control = id }
        #expect(fieldset.contains("id=\"\(control)\""), "\(id): no control")
        #expect(fieldset.contains(HTML.escape(parameter.doc)), "\(id): no doc")
        #expect(fieldset.contains(HTML.escape("Accepts \(parameter.kind.expectation)")), "\(id): no range")
        if !parameter.defaultValue.isEmpty {
            #expect(fieldset.contains(HTML.escape("default \(parameter.defaultValue).")), "\(id): no default")
        }
    }

    /// `text` from the first `start` through the next `end` after it.
    static func section(_ text: String, from start: String, to end: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.lowerBound..<b.upperBound])
    }

    /// The text inside the first `<name>…</name>`.
    static func inner(_ html: String, _ name: String) -> String? {
        section(html, from: "<\(name)>", to: "</\(name)>").map { String($0.dropFirst(name.count + 2).dropLast(name.count + 3)) }
    }

    /// Attributes of the start tag with `id`.
    static func tag(withID id: String, in html: String) -> [String: String]? {
        html == page.html ? pageTags[id] : tagsByID(html)[id]
    }

    static let pageTags = tagsByID(page.html)

    static func tagsByID(_ html: String) -> [String: [String: String]] {
        let tags = tags(named: ["input", "select", "textarea", "img", "p", "div", "button"], in: html)
        return Dictionary(tags.compactMap { tag in tag["id"].map { ($0, tag) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Attributes of every start tag named one of `names` (HTML attribute syntax as this generator writes it).
    static func tags(named names: Set<String>, in html: String) -> [[String: String]] {
        var out: [[String: String]] = []
        for match in html.matches(of: /<([a-z]+)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*>/) where names.contains(String(match.1)) {
            var attributes: [String: String] = [:]
            for attribute in match.2.matches(of: /([a-zA-Z-]+)(?:="([^"]*)")?/) {
                attributes[String(attribute.1)] = attribute.2.map(String.init) ?? ""
            }
            out.append(attributes)
        }
        return out
    }

    /// Base64 SHA-256 through Python's hashlib: an implementation independent of ours.
    static func base64SHA256(_ text: String) -> String {
        let run = try? ExternalTool.run(
            "python3", ["-c", "import sys,hashlib,base64;print(base64.b64encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode())", text],
            install: "apt-get install python3")
        return run?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "python3 missing"
    }
}
