/// The PNG colour types (IHDR byte 9). Our encoder writes `.rgba` or `.rgb`; the decoder reads all.
public enum PNGColorType: UInt8, Sendable, Hashable, CaseIterable {
    /// One grey sample per pixel.
    case greyscale = 0
    /// Red, green, blue.
    case rgb = 2
    /// One palette index per pixel (`PLTE`, optional `tRNS`).
    case palette = 3
    /// Grey and alpha.
    case greyscaleAlpha = 4
    /// Red, green, blue, alpha (straight, not premultiplied).
    case rgba = 6

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .greyscale, .palette: 1
        case .greyscaleAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }
}
