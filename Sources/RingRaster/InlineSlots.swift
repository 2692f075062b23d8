/// Sixteen values stored inline and indexed through a pointer.
///
/// The span sets of a row live in these: a SIMD vector's subscript with a run-time index spills the whole vector
/// to memory on every access, which made span bookkeeping a fifth of a small image's raster time.
struct InlineSlots<Element: BitwiseCopyable & Sendable>: Sendable {
    private var storage: (
        Element, Element, Element, Element, Element, Element, Element, Element,
        Element, Element, Element, Element, Element, Element, Element, Element
    )

    /// Number of slots.
    static var count: Int { 16 }

    init(repeating value: Element) {
        storage = (value, value, value, value, value, value, value, value, value, value, value, value, value, value, value, value)
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* MemoryLayout<Element>.stride, as: Element.self) }
        }
        @inline(__always) set {
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: i &* MemoryLayout<Element>.stride, as: Element.self)
            }
        }
    }
}
