/// Turns a validated ``RingSpec`` into a ``Scene``. Pure and infallible: every spec has a picture.
public enum RingLayout {
    /// The scene for `spec`: its still picture, plus motions when `spec.common.animation` is set (the still
    /// picture is then the animation's last frame). Labels are set with `text` (a real typeface), or with the
    /// built-in stroke font when there is none.
    public static func scene(for spec: RingSpec, text: (any TextSetter)? = nil) -> Scene {
        let common = spec.common
        if case .badge(let style) = spec.style {
            var scene = badgeScene(style, common: common, text: text)
            if let dark = spec.darkVariant {
                scene.darkItems = Self.scene(for: dark, text: text).items
            }
            return scene
        }
        let size = common.size
        let animated = common.animation != nil
        var items: [SceneItem]
        switch spec.style {
        case .badge:
            items = []  // laid out above: a badge is as wide as its texts
        case .ring(var style):
            style.track = visibleTrack(style.track, on: common.background)
            items = ringItems(style, size: size, animated: animated, shadow: TipShadow.opacity(for: common))
        case .activity(var style):
            for i in style.rings.indices {
                style.rings[i].track = visibleTrack(style.rings[i].track, on: common.background)
            }
            items = activityItems(
                style, size: size, scale: Double(common.scale), animated: animated,
                shadow: TipShadow.opacity(for: common))
        case .petals(let style):
            items = petalItems(style, size: size, hasLabel: hasLabel(common), animated: animated)
        case .pie(let style):
            items = pieItems(style, size: size, scale: Double(common.scale), animated: animated)
        case .check(let style):
            items = checkItems(style, size: size, animated: animated)
        }
        items += labelItems(for: spec, text: text)
        var scene = Scene(
            width: size, height: size, background: common.background, title: common.title, items: items,
            duration: animated && items.contains { $0.hasMotion } ? common.animation?.duration : nil
        )
        if let dark = spec.darkVariant {
            scene.darkItems = Self.scene(for: dark, text: text).items
        }
        return scene
    }

    /// Smallest channel difference between a track and an opaque background for the track to show.
    static let trackContrast = 12
    /// How far (levels) a track that would vanish is moved away from the background's lightness.
    static let trackShift = 20

    /// `track`, moved towards white on a dark background (black on a light one) when it is within
    /// ``trackContrast`` of the opaque `background`, so a dark theme's track still shows on a page of its own
    /// colour (`theme=dark&bg=%231c1c1e`).
    static func visibleTrack(_ track: Color?, on background: Color?) -> Color? {
        guard let track, let bg = background, bg.isOpaque else { return track }
        let difference = max(abs(Int(track.r) - Int(bg.r)), abs(Int(track.g) - Int(bg.g)), abs(Int(track.b) - Int(bg.b)))
        guard difference < trackContrast else { return track }
        let lighter = bg.relativeLuminance < 0.5
        func move(_ v: UInt8) -> UInt8 {
            UInt8(clamping: Int(v) + (lighter ? trackShift : -trackShift))
        }
        return Color(r: move(track.r), g: move(track.g), b: move(track.b), a: track.a)
    }

    static func hasLabel(_ common: CommonOptions) -> Bool {
        if case .none = common.label { return false }
        return true
    }
}
