/// Turns a validated ``RingSpec`` into a ``Scene``. Pure and infallible: every spec has a picture.
public enum RingLayout {
    /// The scene for `spec`: its still picture, plus motions when `spec.common.animation` is set (the still
    /// picture is then the animation's last frame).
    public static func scene(for spec: RingSpec) -> Scene {
        let common = spec.common
        let size = common.size
        let animated = common.animation != nil
        var items: [SceneItem]
        switch spec.style {
        case .ring(let style):
            items = ringItems(style, size: size, animated: animated)
        case .activity(let style):
            items = activityItems(style, size: size, animated: animated)
        case .petals(let style):
            items = petalItems(style, size: size, hasLabel: hasLabel(common), animated: animated)
        case .pie(let style):
            items = pieItems(style, size: size, animated: animated)
        case .check(let style):
            items = checkItems(style, size: size, animated: animated)
        }
        items += labelItems(for: spec)
        return Scene(
            width: size, height: size, background: common.background, title: common.title, items: items,
            duration: animated && items.contains { $0.hasMotion } ? common.animation?.duration : nil
        )
    }

    static func hasLabel(_ common: CommonOptions) -> Bool {
        if case .none = common.label { return false }
        return true
    }
}
