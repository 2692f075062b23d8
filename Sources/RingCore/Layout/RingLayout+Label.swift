extension RingLayout {
    /// Label strokes (filled in when the stroke font lands).
    static func labelItems(for spec: RingSpec) -> [SceneItem] {
        []
    }
}
