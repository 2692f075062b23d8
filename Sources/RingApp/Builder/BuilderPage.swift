import RingCore

/// The URL builder served at `/`: one self-contained HTML page (inline CSS and vanilla JavaScript, nothing
/// fetched from elsewhere, so it works offline) generated from the parameter table. Each parameter becomes a
/// control chosen by its kind, with the table's range, default and docs (``field(_:scope:)``), so a range or
/// default changed in the table changes the page with no other edit.
///
/// The page is static for a given table, so ``RingApplication`` prepares it once (``PreparedDocument``).
/// Its Content-Security-Policy allows exactly the page's one inline `<style>` and one inline `<script>` by their
/// SHA-256 hashes: no `'unsafe-inline'`, and no per-response nonce (which would stop the bytes being prepared
/// once). The markup therefore has no `style=` attributes and no inline event handlers; the script attaches its
/// listeners itself.
struct BuilderPage: Sendable {
    /// Each image route with its own parameters, in the order the style picker shows them.
    let routes: [(route: ImageRoute, parameters: [Parameter])]
    /// Parameters every route takes.
    let common: [Parameter]
    /// The whole document.
    let html: String
    /// The `Content-Security-Policy` header value that lets the page's inline style and script run.
    let contentSecurityPolicy: String

    /// The page for the parameter table (or for other rows, which is how tests show the page follows them).
    init(
        routes: [(route: ImageRoute, parameters: [Parameter])] = ImageRoute.allCases.map { ($0, ParameterTable.specific(to: $0)) },
        common: [Parameter] = ParameterTable.common
    ) {
        self.routes = routes
        self.common = common
        let style = BuilderStyle.css
        let script = BuilderScript.source
        contentSecurityPolicy = [
            "default-src 'none'",
            "script-src \(ContentHash.cspSource(script))",
            "style-src \(ContentHash.cspSource(style))",
            // The previews and the style thumbnails are this server's images; the script reads the preview's
            // title and error header with fetch.
            "img-src 'self'",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
        html = Self.document(routes: routes, common: common, style: style, script: script)
    }

    /// The route shown first.
    var firstRoute: ImageRoute { routes.first?.route ?? .ring }

    /// The query the page starts with for `route`: each required progress parameter at its example (`p=0.7`).
    static func initialQuery(_ parameters: [Parameter]) -> String {
        parameters.filter { parameter in
            guard parameter.defaultValue.isEmpty, parameter.insteadOf == nil else { return false }
            switch parameter.kind {
            case .progress, .progressList: return true
            default: return false
            }
        }.map { "\($0.name)=\($0.example)" }.joined(separator: "&")
    }

    static func document(
        routes: [(route: ImageRoute, parameters: [Parameter])], common: [Parameter], style: String, script: String
    ) -> String {
        let first = routes.first ?? (.ring, [])
        let query = initialQuery(first.parameters)
        let size = common.first { $0.name == "size" }.map(\.defaultValue).flatMap { $0.isEmpty ? nil : $0 } ?? "128"
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>ringd URL builder</title>
            <link rel="icon" type="image/svg+xml" href="/ring.svg?p=0.7&amp;size=32">
            <style>\(style)</style>
            </head>
            <body>
            <a class="skip" href="#controls-h">Skip to the parameters</a>
            <header>
            <h1>ringd URL builder</h1>
            <p>Pick a style, set its parameters, and copy the image URL or a snippet for Markdown, HTML, a GitHub README, \
            e-mail or a script. Every control below comes from ringd's parameter table.</p>
            <noscript><p class="warn">The builder needs JavaScript to assemble URLs; the parameter reference at the end \
            of the page works without it.</p></noscript>
            </header>
            <main class="layout">

            """
        html += preview(route: first.route, query: query, size: size)
        html += controls(routes: routes, common: common)
        html += snippets()
        html += "</main>\n"
        html += reference(routes: routes, common: common)
        html += datalists()
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    static func preview(route: ImageRoute, query: String, size: String) -> String {
        let svg = HTML.escape("/\(route.rawValue).svg?\(query)")
        let png = HTML.escape("/\(route.rawValue).png?\(query)")
        return """
            <section class="preview" aria-labelledby="preview-h">
            <h2 id="preview-h">Preview</h2>
            <div class="images" id="images">
            <figure><img id="preview-svg" src="\(svg)" width="\(size)" height="\(size)" alt="SVG preview"><figcaption>SVG</figcaption></figure>
            <figure><img id="preview-png" src="\(png)" width="\(size)" height="\(size)" alt="PNG preview"><figcaption>PNG</figcaption></figure>
            </div>
            <p id="info"></p>
            <p id="status" role="status" aria-live="polite"></p>
            <div class="backdrop"><label for="backdrop">Preview background</label>
            <select id="backdrop"><option value="theme" selected>follows bg or theme</option><option value="light">white</option>\
            <option value="dark">black</option><option value="grey">grey</option><option value="checker">checkerboard</option></select></div>
            <div class="urlrow"><label for="url">URL</label>
            <div class="pair"><input type="text" id="url" spellcheck="false" autocomplete="off" \
            aria-describedby="url-note">\
            <button type="button" class="copy" data-copy="url" aria-label="Copy the URL">Copy</button></div>
            <p class="hint" id="url-note">Paste any ringd URL here to edit it; parameters the builder has no control \
            for are kept: <span id="kept">none</span>.</p>
            <p class="links"><a id="open-svg" href="\(svg)">Open the SVG</a> · <a id="open-png" href="\(png)">Open the PNG</a></p>
            </div>
            </section>

            """
    }

    static func controls(routes: [(route: ImageRoute, parameters: [Parameter])], common: [Parameter]) -> String {
        var html = """
            <section class="controls" aria-labelledby="controls-h">
            <h2 id="controls-h" tabindex="-1">Parameters</h2>
            <fieldset class="styles"><legend>Style</legend>

            """
        for (index, entry) in routes.enumerated() {
            let name = entry.route.rawValue
            let example = ParameterDocs.examples.first { $0.route == entry.route }?.query
                ?? initialQuery(entry.parameters)
            let thumbnail: String, height: Int
            if entry.route == .badge {
                // A badge is wide and low: the value alone, 40 px wide at its own proportions.
                thumbnail = "/badge?p=0.87"
                let style = BadgeStyle(
                    progress: 0.87, label: "", message: PercentText.of(0.87), labelBackground: .transparent,
                    valueBackground: .transparent, fill: .solid(.transparent), track: nil)
                height = Int((40 * style.look.metrics.height / RingLayout.badgeWidth(style, text: Typeface.system.setter)).rounded())
            } else {
                thumbnail = HTML.escape("/\(name)?\(example)\(example.isEmpty ? "" : "&")size=40")
                height = 40
            }
            html += "<div class=\"choice\"><input type=\"radio\" name=\"route\" id=\"route-\(name)\"\(HTML.attribute("value", name))"
                + "\(index == 0 ? " checked" : "")>"
                + "<label for=\"route-\(name)\"><img src=\"\(thumbnail)\" width=\"40\" height=\"\(height)\" alt=\"\"> /\(name)</label></div>\n"
        }
        html += "</fieldset>\n"
        for (index, entry) in routes.enumerated() {
            let name = entry.route.rawValue
            // Common parameters this route replaces with its own rows or does not take: the script hides and skips them.
            let replaced = entry.route.omittedCommonParameters.union(entry.parameters.map(\.name))
                .intersection(common.map(\.name)).sorted()
            html += "<fieldset class=\"params\" id=\"params-\(name)\" data-route=\"\(name)\""
                + HTML.attribute("data-replaces", replaced.joined(separator: " "))
                + "\(index == 0 ? "" : " hidden")>"
                + "<legend>/\(name) parameters</legend>\n"
            for parameter in entry.parameters { html += field(parameter, scope: name) }
            html += "</fieldset>\n"
        }
        html += "<fieldset class=\"params\" id=\"params-common\"><legend>Every style</legend>\n"
        for parameter in common { html += field(parameter, scope: "common") }
        return html + "</fieldset>\n</section>\n"
    }

    /// Snippet boxes (filled by the script) with copy buttons.
    static let snippetKinds: [(id: String, title: String)] = [
        ("markdown", "Markdown"),
        ("html", "HTML <img>"),
        ("auto", "GitHub README: one SVG for light and dark (theme=auto)"),
        ("picture", "GitHub README, PNG or e-mail: dark and light <picture>"),
        ("email", "E-mail and chat (PNG)"),
        ("curl", "curl"),
    ]

    static func snippets() -> String {
        var html = "<section class=\"snippets\" aria-labelledby=\"snippets-h\">\n<h2 id=\"snippets-h\">Snippets</h2>\n"
        for kind in snippetKinds {
            html += "<div class=\"snippet\"><div class=\"snippet-head\"><label for=\"snippet-\(kind.id)\">\(HTML.escape(kind.title))</label>"
                + "<button type=\"button\" class=\"copy\" data-copy=\"snippet-\(kind.id)\""
                + "\(HTML.attribute("aria-label", "Copy the \(kind.title) snippet"))>Copy</button></div>"
                + "<textarea id=\"snippet-\(kind.id)\" readonly rows=\"2\" spellcheck=\"false\"></textarea></div>\n"
        }
        let (light, dark, auto) = (Theme.light.rawValue, Theme.dark.rawValue, Theme.auto.rawValue)
        html += "<p class=\"hint\" id=\"themes\"\(HTML.attribute("data-light", light))"
            + "\(HTML.attribute("data-dark", dark))\(HTML.attribute("data-auto", auto))>The &lt;picture&gt; snippet asks for the picture twice, "
            + "with <code>theme=\(HTML.escape(dark))</code> for dark mode (one SVG URL with "
            + "<code>theme=\(HTML.escape(auto))</code> follows the page by itself); e-mail clients and chat apps "
            + "do not show SVG, so that snippet uses PNG.</p>\n"
        return html + "</section>\n"
    }

    /// The parameter reference, the same table the README carries.
    static func reference(routes: [(route: ImageRoute, parameters: [Parameter])], common: [Parameter]) -> String {
        var html = "<section class=\"reference\" aria-labelledby=\"reference-h\">\n<h2 id=\"reference-h\">Parameter reference</h2>\n"
        let groups = routes.map { ("/\($0.route.rawValue)", $0.parameters) } + [("Every style", common)]
        for (title, parameters) in groups {
            html += "<details><summary>\(HTML.escape(title))</summary>\n<div class=\"scroll\"><table>"
                + "<thead><tr><th scope=\"col\">parameter</th><th scope=\"col\">accepts</th><th scope=\"col\">default</th>"
                + "<th scope=\"col\">what</th><th scope=\"col\">example</th></tr></thead><tbody>\n"
            for p in parameters {
                html += "<tr><th scope=\"row\"><code>\(HTML.escape(p.name))</code></th><td>\(HTML.escape(p.kind.expectation))</td>"
                    + "<td>\(p.defaultValue.isEmpty ? "—" : "<code>\(HTML.escape(p.defaultValue))</code>")</td>"
                    + "<td>\(HTML.escape(p.doc))</td><td><code>\(HTML.escape(p.example))</code></td></tr>\n"
            }
            html += "</tbody></table></div></details>\n"
        }
        return html + "</section>\n"
    }

    /// Suggestions for the colour fields: every colour name, with `none` or the gradient presets where allowed.
    static func datalists() -> String {
        func list(_ id: String, _ values: [String]) -> String {
            "<datalist id=\"\(id)\">" + values.map { "<option\(HTML.attribute("value", $0))></option>" }.joined() + "</datalist>\n"
        }
        let names = NamedColors.allNames
        return list("dl-colors", names) + list("dl-colors-none", ["none"] + names)
            + list("dl-paints", NamedColors.gradientPresetNames + names) + list("dl-presets", NamedColors.gradientPresetNames)
    }
}
