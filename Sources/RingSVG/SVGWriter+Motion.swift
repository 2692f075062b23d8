import RingCore

/// Motions → CSS `@keyframes`. Every rule goes inside `@media (prefers-reduced-motion: no-preference)`; they
/// animate only the animated layer, which is hidden without them (see ``SVGWriter``).
extension SVGDocument {
    /// A class animating `motions` on one element (nil when there is nothing to animate).
    ///
    /// - Parameter paintProperty: `fill` or `stroke`, the property a colour motion animates.
    mutating func animationClass(_ motions: [Motion], paintProperty: String?) -> String? {
        guard let total = duration, !motions.isEmpty else { return nil }
        var animations: [String] = []
        var properties = ""
        for motion in motions {
            let frames: String
            switch motion {
            case .spin(let center, let period, _):
                // Its own clock: one turn per period, linear, for ever.
                properties += transformOrigin(center)
                let turn = keyframes(Track([Key(time: 0, value: 0.0), Key(time: 1, value: Angle.fullTurn)])) {
                    "transform:rotate(" + SVGWriter.fmt(Angle.degrees(radians: $0)) + "deg)"
                }
                animations.append("\(turn) \(NumberFormatting.fraction(period))s linear infinite")
                continue
            case .trim(let track, _):
                properties += "stroke-dasharray:1 2;"
                frames = keyframes(track) { "stroke-dashoffset:" + NumberFormatting.fraction(1 - $0) }
            case .rotate(let center, let track):
                properties += transformOrigin(center)
                frames = keyframes(track) { "transform:rotate(" + SVGWriter.fmt(Angle.degrees(radians: $0)) + "deg)" }
            case .scale(let center, let track):
                properties += transformOrigin(center)
                frames = keyframes(track) { "transform:scale(" + NumberFormatting.fraction($0) + ")" }
            case .opacity(let track):
                frames = keyframes(track) { "opacity:" + NumberFormatting.fraction($0) }
            case .color(let track):
                let property = paintProperty ?? "fill"
                frames = keyframes(track) { c in
                    "\(property):\(c.svgHex)" + (c.isOpaque ? "" : ";\(property)-opacity:\(NumberFormatting.alpha(c.a))")
                }
            }
            animations.append("\(frames) \(NumberFormatting.fraction(total))s linear both")
        }
        let cls = newID("m")
        css += ".\(cls){\(properties)animation:\(animations.joined(separator: ","))}"
        return cls
    }

    /// The class of the still layer (`showsAtRest`) or of the animated layer: the still layer is hidden while the
    /// animation plays, the animated layer only then. They swap at ``Scene/handOverTime``, where the layouts'
    /// transient parts end; `step-end` holds each key's value until the next key, so nothing fades.
    mutating func handOverClass(showsAtRest: Bool) -> String {
        let total = NumberFormatting.fraction(duration ?? 0)
        let swap = NumberFormatting.length(Scene.handOverTime * 100) + "%"
        let (name, playing, resting) = showsAtRest ? ("s", "hidden", "visible") : ("a", "visible", "hidden")
        return sharedRule(
            name,
            "@keyframes ${0%{visibility:\(playing)}\(swap),100%{visibility:\(resting)}}"
                + ".${animation:$ \(total)s step-end both}")
    }

    private func transformOrigin(_ c: Point) -> String {
        "transform-origin:\(SVGWriter.fmt(c.x))px \(SVGWriter.fmt(c.y))px;transform-box:view-box;"
    }

    /// `@keyframes` for `track` (shared when identical); returns the name. Keys become percentages of the
    /// duration, 0 % and 100 % are always present (holding the first and last values), and a key whose segment
    /// eases says so with `animation-timing-function`.
    private mutating func keyframes<V>(_ track: Track<V>, _ declaration: (V) -> String) -> String {
        var keys = track.keys
        if let first = keys.first, first.time > 0 { keys.insert(Key(time: 0, value: first.value), at: 0) }
        if let last = keys.last, last.time < 1 { keys.append(Key(time: 1, value: last.value)) }
        var frames = ""
        for key in keys {
            frames += NumberFormatting.length(key.time * 100) + "%{" + declaration(key.value)
            if key.easing == .easeInOut && key.time < 1 { frames += ";animation-timing-function:ease-in-out" }
            frames += "}"
        }
        if let name = keyframeNames[frames] { return name }
        let name = newID("k")
        keyframeNames[frames] = name
        css += "@keyframes \(name){\(frames)}"
        return name
    }
}
