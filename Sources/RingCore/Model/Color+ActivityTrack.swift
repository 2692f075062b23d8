extension Color {
    /// Brightness (HSV value) of a derived activity track: Apple's activity tracks read as the ring's hue at
    /// roughly a quarter brightness (dark red under Move, dark green under Exercise, dark cyan under Stand).
    public static let activityTrackBrightness = 0.24

    /// Share of the ring's colour in a light page's track, the rest white: on light backgrounds Apple's rings sit
    /// on pale tints of their own colours (pink under Move, pale green, pale cyan), as the colour at a quarter of
    /// its strength over white; a dark shade there reads muddy and heavy.
    public static let activityLightTrackTint = 0.25

    /// The track under an activity ring of this colour: ``lightTrack()`` on light pages,
    /// ``darkTrack()`` on dark ones.
    public func activityTrack(onDarkPage: Bool) -> Color {
        onDarkPage ? darkTrack() : lightTrack()
    }

    /// The dark track drawn under an activity ring of this colour: same hue and saturation, brightness
    /// ``activityTrackBrightness``, same alpha.
    ///
    /// Scaling all three channels by one factor keeps hue and HSV saturation exactly, and normalising the brightness
    /// (rather than multiplying by a fixed factor) keeps tracks of dark ring colours visible. Black, which has no
    /// hue, gives a dark grey.
    public func darkTrack() -> Color {
        let target = Self.activityTrackBrightness * 255
        let peak = Double(max(r, g, b))
        func scaled(_ channel: UInt8) -> UInt8 {
            guard peak > 0 else { return UInt8(target.rounded()) }
            return UInt8((Double(channel) * target / peak).rounded())
        }
        return Color(r: scaled(r), g: scaled(g), b: scaled(b), a: a)
    }

    /// The light track drawn under an activity ring of this colour on a light page: the opaque colour mixed into
    /// white at ``activityLightTrackTint`` (the colour at that opacity over white), same alpha. Mixing towards
    /// white keeps the hue, and every colour, dark ones and black included, gives a pale tint.
    public func lightTrack() -> Color {
        var tint = Color.white.mixed(with: opaque, Self.activityLightTrackTint)
        tint.a = a
        return tint
    }
}
