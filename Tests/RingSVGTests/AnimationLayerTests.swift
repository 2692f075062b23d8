import Foundation
import RingCore
import Testing

@testable import RingSVG

/// An animated document carries its still picture verbatim and swaps to it when the animation ends, so every
/// renderer's last frame is the still picture itself (see ``SVGWriter``).
@Suite struct AnimationLayerTests {
    /// The parts of an animated document: its `<style>`, `<defs>` content, and the ranges of the still layer's
    /// wrapper tags and of the animated layer.
    struct Layers {
        var text: String
        var style: Range<String.Index>
        var defs: Range<String.Index>?
        var stillOpen: Range<String.Index>
        var stillClose: Range<String.Index>
        var moving: Range<String.Index>

        init?(_ svg: String, prefix: String) {
            text = svg
            guard let style = svg.range(of: #"<style>[^<]*</style>"#, options: .regularExpression),
                let stillOpen = svg.range(of: "<g class=\"\(prefix)-s\">"),
                let stillClose = Self.closingTag(in: svg, from: stillOpen),
                let movingOpen = svg.range(of: "<g visibility=\"hidden\" class=\"\(prefix)-a\">"),
                let movingClose = Self.closingTag(in: svg, from: movingOpen)
            else { return nil }
            self.style = style
            defs = svg.range(of: "<defs>").flatMap { open in
                svg.range(of: "</defs>").map { open.upperBound..<$0.lowerBound }
            }
            self.stillOpen = stillOpen
            self.stillClose = stillClose
            moving = movingOpen.lowerBound..<movingClose.upperBound
        }

        /// The `</g>` that closes the `<g …>` at `open`.
        static func closingTag(in svg: String, from open: Range<String.Index>) -> Range<String.Index>? {
            var depth = 1
            var index = open.upperBound
            while let next = svg[index...].range(of: #"<g[ >]|</g>"#, options: .regularExpression) {
                depth += svg[next].hasPrefix("</") ? -1 : 1
                if depth == 0 { return next }
                index = next.upperBound
            }
            return nil
        }

        /// The text without the style, the animated layer and the still layer's wrapper tags, with `stillDefs` for
        /// the definitions.
        func withoutAnimation(stillDefs: String?) -> String {
            var out = ""
            var index = text.startIndex
            var cuts = [style, stillOpen, stillClose, moving]
            if let defs { cuts.append(defs) }
            for cut in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                out += text[index..<cut.lowerBound]
                if cut == defs { out += stillDefs ?? "" }
                index = cut.upperBound
            }
            out += text[index...]
            // A still picture without definitions has no <defs> element at all.
            return stillDefs == nil ? out.replacingOccurrences(of: "<defs></defs>", with: "") : out
        }
    }

    static func inner(_ svg: String, _ open: String, _ close: String) -> String? {
        guard let a = svg.range(of: open), let b = svg.range(of: close) else { return nil }
        return String(svg[a.upperBound..<b.lowerBound])
    }

    @Test(arguments: Fixtures.animated.map(\.0))
    func stillDocumentIsEmbeddedVerbatim(name: String) throws {
        var spec = try #require(Fixtures.animated.first { $0.0 == name }?.1)
        let options = SVGWriter.Options(idPrefix: name)
        let moving = SVGWriter.write(RingLayout.scene(for: spec), options: options)
        spec.common.animation = nil
        let still = SVGWriter.write(RingLayout.scene(for: spec), options: options)
        #expect(!still.contains("class="))

        let layers = try #require(Layers(moving, prefix: options.sanitizedPrefix), "\(name): layers not found")
        let stillDefs = Self.inner(still, "<defs>", "</defs>")
        if let stillDefs {
            // The still picture's definitions come first, with the same ids; the animated layer's own follow.
            let movingDefs = try #require(layers.defs.map { String(moving[$0]) })
            #expect(movingDefs.hasPrefix(stillDefs), "\(name): still definitions are not the animated ones' start")
        }
        // An endless spin (petals at 100 %) goes on at rest: its wrapper is the one thing the still layer adds.
        let spinning = Self.spinningClasses(moving)
        #expect(
            Self.unwrapping(spinning, in: layers.withoutAnimation(stillDefs: stillDefs)) == still,
            "\(name): still picture not embedded verbatim")
        // Every animation belongs to the animated layer, the swap or an endless spin: nothing else names a class.
        let outside = moving.replacingCharacters(in: layers.moving, with: "")
        #expect(
            SVGStructure.attributeValues(outside, "class").filter { !spinning.contains($0) }
                == ["\(options.sanitizedPrefix)-s"])
    }

    /// Classes whose rule runs an endless animation.
    static func spinningClasses(_ svg: String) -> Set<String> {
        guard let style = inner(svg, "<style>", "</style>") else { return [] }
        var names: Set<String> = []
        for rule in style.components(separatedBy: "}.").dropFirst() {
            let name = rule.prefix { $0 != "{" }
            let body = rule.dropFirst(name.count).prefix(while: { $0 != "}" })
            if body.contains("infinite") { names.insert(String(name)) }
        }
        return names
    }

    /// `svg` with every `<g class="c">…</g>` of a class in `classes` replaced by its content.
    static func unwrapping(_ classes: Set<String>, in svg: String) -> String {
        var text = svg
        for name in classes {
            while let open = text.range(of: "<g class=\"\(name)\">"),
                let close = Layers.closingTag(in: text, from: open)
            {
                text.replaceSubrange(close, with: "")
                text.replaceSubrange(open, with: "")
            }
        }
        return text
    }

    @Test func layersSwapAtTheHandOver() throws {
        var spec = Fixtures.ring(0.7, animated: true)
        spec.common.animation = Animation(duration: 1.5)
        let svg = SVGWriter.write(RingLayout.scene(for: spec))
        let style = try #require(Self.inner(svg, "<style>", "</style>"))
        #expect(style.hasPrefix("@media (prefers-reduced-motion:no-preference){"))
        // While playing the still layer is hidden and the animated one shown; from 99.9 % on, the other way round.
        #expect(
            style.contains(
                "@keyframes r-s{0%{visibility:hidden}99.9%,100%{visibility:visible}}.r-s{animation:r-s 1.5s step-end both}"
            ))
        #expect(
            style.contains(
                "@keyframes r-a{0%{visibility:visible}99.9%,100%{visibility:hidden}}.r-a{animation:r-a 1.5s step-end both}"
            ))
        // Without the style sheet the animated layer stays hidden and the still one shows.
        #expect(svg.contains("<g class=\"r-s\">"))
        #expect(svg.contains("<g visibility=\"hidden\" class=\"r-a\">"))
    }

    @Test func staticItemsAtTheBottomAndTopAreWrittenOnce() throws {
        // The track below a translucent ring (the whole annulus: it shows through) and the label above do not
        // move: one copy each, outside the layers.
        let translucent = Fill.solid(Color(r: 52, g: 199, b: 89, a: 160))
        let svg = SVGWriter.write(
            RingLayout.scene(for: Fixtures.ring(0.7, fill: translucent, label: .auto, animated: true)))
        let layers = try #require(Layers(svg, prefix: "r"))
        let track = "<circle cx=\"64\" cy=\"64\" r=\"56.32\" fill=\"none\" stroke=\"#f2f2f7\""
        #expect(svg.components(separatedBy: track).count == 2)
        #expect(svg.range(of: track)!.lowerBound < layers.stillOpen.lowerBound)
        let afterLayers = svg[layers.moving.upperBound...]
        #expect(afterLayers.contains("stroke-linecap=\"round\""), "the label's strokes follow the layers")
        #expect(!svg[layers.stillOpen.upperBound..<layers.stillClose.lowerBound].contains("stroke-linejoin"))
    }

    @Test func revealsEndingOnlyAtTheHandOverAreLeftToTheStillPicture() throws {
        // A gradient ring of 1.2 laps shows its finished band (last-lap colours) only at rest: the animated layer
        // holds the two laps that draw it while playing, not the band itself, which the still layer shows.
        let spec = Fixtures.ring(1.2, animated: true)
        let svg = SVGWriter.write(RingLayout.scene(for: spec))
        let layers = try #require(Layers(svg, prefix: "r"))
        let moving = String(svg[layers.moving])
        let still = String(svg[layers.stillOpen.upperBound..<layers.stillClose.lowerBound])
        let pieces = { (text: String) in text.components(separatedBy: "stroke=\"url(#r-g").count - 1 }
        #expect(pieces(still) > 0)
        // First lap (all pieces) plus the second lap's fifth of a turn: well under twice the still body.
        #expect(pieces(moving) < 2 * pieces(still))
        #expect(!svg.contains(" 0.999s both"), "no reveal starts at the hand-over")
    }
}
