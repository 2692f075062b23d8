import RingCore

/// Specs the SVG tests and the look gallery share: the seeds' pictures, with the decoder's defaults spelled out.
enum Fixtures {
    static let lightRed = NamedColors.lightRed
    static let darkPurple = NamedColors.darkPurple
    static let lightYellow = NamedColors.lightYellow
    static let lightBlue = NamedColors.lightBlue
    static let systemGray6 = NamedColors.systemGray6
    static let systemGray2 = NamedColors.systemGray2
    static let blue = Color(hex: 0x0000FF)
    static let green = Color(hex: 0x008000)

    static let defaultGradient = Gradient(stops: [darkPurple, lightYellow])!

    static func ring(
        _ p: Double, fill: Fill = .gradient(defaultGradient), track: Color? = systemGray6, size: Double = 128,
        thickness: Length = .fraction(0.12), start: Double = -90, direction: Direction = .cw, cap: LineCap = .round,
        shadow: ShadowMode = .auto, background: Color? = nil, label: Label = .none, animated: Bool = false
    ) -> RingSpec {
        RingSpec(
            style: .ring(
                RingStyle(
                    progress: p, fill: fill, track: track, thickness: thickness, start: start, direction: direction,
                    cap: cap, shadow: shadow
                )
            ),
            common: CommonOptions(
                size: size, background: background, label: label, labelColor: Color(hex: 0x1C1C1E),
                title: "\(Int((p * 100).rounded()))% progress", animation: animated ? Animation(duration: 1) : nil
            )
        )
    }

    /// Dark track of a ring's own hue, as the decoder derives it.
    static func darkTrack(_ g: Gradient) -> Color {
        g.stops[0].darkTrack()
    }

    static func activity(
        _ ps: [Double], size: Double = 128, background: Color? = .black, label: Label = .none, animated: Bool = false
    ) -> RingSpec {
        let fills = [NamedColors.move, NamedColors.exercise, NamedColors.stand, defaultGradient]
        let rings = ps.enumerated().map { i, p in
            ActivityRing(progress: p, fill: .gradient(fills[i % 4]), track: darkTrack(fills[i % 4]))
        }
        return RingSpec(
            style: .activity(ActivityStyle(rings: rings, thickness: .fraction(0.1), gap: .fraction(0.01))),
            common: CommonOptions(
                size: size, background: background, label: label, labelColor: .white, title: "activity",
                animation: animated ? Animation(duration: 1) : nil
            )
        )
    }

    static func petals(_ p: Double, count: Int = 8, label: Label = .none, animated: Bool = false) -> RingSpec {
        RingSpec(
            style: .petals(PetalsStyle(progress: p, petals: count, color: systemGray2)),
            common: CommonOptions(
                label: label, labelColor: Color(hex: 0x8E8E93), title: "\(Int((p * 100).rounded()))% progress",
                animation: animated ? Animation(duration: 1) : nil
            )
        )
    }

    static func pie(_ p: Double, animated: Bool = false) -> RingSpec {
        RingSpec(
            style: .pie(PieStyle(progress: p, color: lightBlue, border: lightBlue, borderWidth: .fraction(1.0 / 64))),
            common: CommonOptions(title: "pie", animation: animated ? Animation(duration: 1) : nil)
        )
    }

    static func check(_ shape: CheckShape, bounce: Bool = true, animated: Bool = false) -> RingSpec {
        RingSpec(
            style: .check(
                CheckStyle(shape: shape, from: blue, to: green, stroke: .fraction(0.08), ratio: 1.0 / 3, bounce: bounce)
            ),
            common: CommonOptions(title: "done", animation: animated ? Animation(duration: 1) : nil)
        )
    }

    /// The pictures the brief asks to look at, by file name.
    static let looks: [(String, RingSpec)] = [
        ("ring-default-70", ring(0.7)),
        ("ring-solid-blue-70", ring(0.7, fill: .solid(lightBlue))),
        ("ring-seed000-fig4", ring(0.6, fill: .solid(lightRed), size: 250, thickness: .pixels(30))),
        ("ring-080", ring(0.8, size: 256)),
        ("ring-100", ring(1.0, size: 256)),
        ("ring-120", ring(1.2, size: 256)),
        ("ring-175", ring(1.75, size: 256)),
        ("ring-097", ring(0.97, size: 256)),
        ("ring-001", ring(0.001, size: 256)),
        ("ring-butt-120", ring(1.2, size: 256, cap: .butt)),
        ("ring-ccw-040", ring(0.4, size: 256, start: 0, direction: .ccw)),
        ("ring-label-auto", ring(0.7, label: .auto)),
        ("ring-label-120", ring(1.2, size: 256, label: .auto)),
        ("activity-label", activity([0.8, 0.6, 1.1], size: 256, label: .text("Move"))),
        ("petals-label", petals(0.625, label: .text("Loading"))),
        ("activity-3", activity([0.8, 0.6, 1.1], size: 256)),
        ("petals-080", petals(0.8)),
        ("petals-100", petals(1.0, count: 12)),
        ("pie-030", pie(0.3)),
        ("check-circle", check(.circle)),
        ("check-rounded", check(.rounded)),
        ("check-square", check(.square)),
    ]

    /// Animated versions of the looks (their last frame is the still picture).
    static let animated: [(String, RingSpec)] = [
        ("anim-ring-070", ring(0.7, animated: true)),
        ("anim-ring-solid-070", ring(0.7, fill: .solid(lightBlue), animated: true)),
        ("anim-ring-120", ring(1.2, size: 256, animated: true)),
        ("anim-ring-240", ring(2.4, size: 256, animated: true)),
        ("anim-ring-solid-140", ring(1.4, fill: .solid(lightBlue), animated: true)),
        ("anim-ring-translucent-060", ring(0.6, fill: .solid(Color(r: 0x34, g: 0x98, b: 0xDB, a: 0x80)), direction: .ccw, animated: true)),
        ("anim-ring-label-070", ring(0.7, label: .auto, animated: true)),
        ("anim-ring-butt-150", ring(1.5, cap: .butt, animated: true)),
        ("anim-activity-3", activity([0.8, 0.6, 1.1], size: 256, animated: true)),
        ("anim-petals-080", petals(0.8, animated: true)),
        ("anim-petals-100", petals(1.0, animated: true)),
        ("anim-pie-030", pie(0.3, animated: true)),
        ("anim-check-circle", check(.circle, animated: true)),
        ("anim-check-rounded-nobounce", check(.rounded, bounce: false, animated: true)),
    ]
}
