import RingCore
import RingText

/// What the layouts set text with when both kinds of faces are loaded: labels and error messages in the label
/// faces, badge texts in the badge faces (``FontCatalog/badgeFace`` first, then the label faces).
struct TypefaceSetter: TextSetter {
    let labels: FontSet
    let badges: FontSet

    func line(_ text: String, tabularDigits: Bool, tracking: Double) -> ShapedLine? {
        labels.line(text, tabularDigits: tabularDigits, tracking: tracking)
    }

    var capHeight: Double { labels.capHeight }

    var regularWeight: (any TextSetter)? { labels.regularWeight }

    var badgeSetter: any TextSetter { badges }
}
