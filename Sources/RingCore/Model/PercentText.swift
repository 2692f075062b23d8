/// Progress as the whole percentage a label or an accessible name shows.
public enum PercentText {
    /// `progress` (1 = 100 %) as a rounded whole percentage with `%`, except that a ring still open never reads
    /// "100%": 99.5 % up to just under 100 % shows "99%", since "100%" says done while the picture shows a gap.
    public static func of(_ progress: Double) -> String {
        var percent = Int((progress * 100).rounded())
        if progress < 1 && percent >= 100 { percent = 99 }
        return "\(percent)%"
    }
}
