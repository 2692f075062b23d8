extension Color {
    /// Brightness (HSV value) of a derived activity track: Apple's activity tracks read as the ring's hue at
    /// roughly a quarter brightness (dark red under Move, dark green under Exercise, dark cyan under Stand).
    public static let activityTrackBrightness = 0.24

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
}
