extension PNGEncoder {
    /// How scanlines are filtered before deflate.
    ///
    /// Filter None is the default: on ring images (large flat areas, smooth gradients) it lets zlib
    /// match whole runs against the row above, and measured 15–25 % smaller than libpng-style
    /// MinSum at level 6 (docs/design.md §PNG and APNG). The others exist so benchmarks can compare.
    public enum FilterStrategy: Sendable, Hashable, CaseIterable {
        /// Filter type 0 on every row.
        case none
        /// Filter type 1 (left neighbour) on every row.
        case sub
        /// Filter type 2 (neighbour above) on every row.
        case up
        /// Filter type 3 (mean of left and above) on every row.
        case average
        /// Filter type 4 (Paeth predictor) on every row.
        case paeth
        /// Per row, the filter whose output has the smallest sum of absolute signed bytes (libpng).
        case minSum
    }

    /// zlib's `strategy` argument to `deflateInit2`.
    public enum ZlibStrategy: Sendable, Hashable, CaseIterable {
        /// `Z_DEFAULT_STRATEGY`: full LZ77 matching; best with filter None.
        case `default`
        /// `Z_FILTERED`: favours Huffman coding over short matches.
        case filtered
        /// `Z_RLE`: distance-1 matches only; fast, good with filtered data, bad with filter None.
        case rle

        var zlib: Zlib.Strategy {
            switch self {
            case .default: .default
            case .filtered: .filtered
            case .rle: .rle
            }
        }
    }

    /// zlib's match-search parameters (`deflateTune`): how hard LZ77 looks for a longer match.
    ///
    /// zlib's level 6 uses good 8, lazy 16, nice 128, chain 128. Ring images are smooth gradients whose
    /// best matches are whole stretches of the row above, found early in the hash chain; a short chain
    /// with long lazy and nice lengths finds them and stops looking sooner. Measured with callgrind on
    /// our own images at level 6, filter None (memLevel 8): 256² activity 23.9 → 23.6 KiB with 14 %
    /// fewer deflate instructions, 256² ring 12.7 → 12.3 KiB (−21 %), 1024² activity 115.2 →
    /// 113.9 KiB (−9 %).
    public struct MatchTuning: Sendable, Hashable {
        /// Reduce lazy search above this match length.
        public var goodLength: Int
        /// Do not perform lazy search above this match length.
        public var maxLazy: Int
        /// Quit the search above this match length.
        public var niceLength: Int
        /// Longest hash chain followed per match.
        public var maxChain: Int

        /// The tuning the service ships for ring images (see the type's documentation).
        public static let ringImages = MatchTuning(goodLength: 32, maxLazy: 128, niceLength: 258, maxChain: 32)

        public init(goodLength: Int, maxLazy: Int, niceLength: Int, maxChain: Int) {
            self.goodLength = goodLength
            self.maxLazy = maxLazy
            self.niceLength = niceLength
            self.maxChain = maxChain
        }
    }

    /// Encoder settings. The defaults are what the service ships: level 6, filter None, match tuning
    /// for ring images.
    public struct Options: Sendable, Hashable {
        /// zlib compression level, 0 (store) … 9 (smallest, slowest).
        public var level: Int
        /// Scanline filter choice.
        public var filter: FilterStrategy
        /// zlib matching strategy.
        public var zlibStrategy: ZlibStrategy
        /// Write colour type 2 (RGB) instead of 6 (RGBA) when every pixel is opaque.
        ///
        /// Lossless either way; the constant alpha byte compresses well but not to nothing.
        /// Measured on three rings over opaque #1c1c1e at level 6, filter None: 1024² 73.7 KiB
        /// RGB vs 81.0 KiB RGBA (−9 %), 256² 16.2 vs 17.3 KiB (−6 %), and encoding is faster.
        public var allowsRGB: Bool
        /// zlib match-search tuning applied after the level; `nil` keeps the level's own parameters.
        public var matchTuning: MatchTuning?
        /// libdeflate's levels for images of at most ``PNGEncoder/wholeBufferPixelLimit`` pixels, whose filtered
        /// rows are compressed as one buffer; nil streams every image through zlib (`level`, `zlibStrategy`,
        /// `matchTuning`), as larger images always are.
        public var wholeBufferLevels: WholeBufferLevels?
        /// Write colour type 3 (8-bit palette indices, `PLTE`, `tRNS`) for a still image of at most 256 colours
        /// on the whole-buffer path with filter None (``PNGPalette``). Lossless; animated PNGs stay RGB(A).
        public var allowsPalette: Bool

        /// Creates options; `level` must be 0…9.
        public init(
            level: Int = 6, filter: FilterStrategy = .none, zlibStrategy: ZlibStrategy = .default,
            allowsRGB: Bool = true, matchTuning: MatchTuning? = .ringImages,
            wholeBufferLevels: WholeBufferLevels? = .ringImages, allowsPalette: Bool = true
        ) {
            precondition((0...9).contains(level), "zlib level must be 0…9")
            self.allowsPalette = allowsPalette
            self.wholeBufferLevels = wholeBufferLevels
            self.level = level
            self.filter = filter
            self.zlibStrategy = zlibStrategy
            self.allowsRGB = allowsRGB
            self.matchTuning = matchTuning
        }
    }

    /// libdeflate levels of the whole-buffer path, by image size.
    ///
    /// Measured on ring images against zlib level 6 with ``MatchTuning/ringImages`` (whole encode, release build;
    /// docs/performance.md, "PNG compression"): level 6 takes 0.6 of the time for +0.3 … +2.0 % bytes at 256² and
    /// 512²; at 1024² it is +2.4 % (and 1.09–1.10× `optipng -o2`), where level 7 takes 0.73 of zlib's time for
    /// −5.6 % bytes. Levels 8–12 cost 2–60× more time for a few percent.
    public struct WholeBufferLevels: Sendable, Hashable {
        /// Level for images of up to `tinyUpTo` pixels.
        ///
        /// Small gradient rings compress worse than large ones (a 64 px ring changes colour from pixel to pixel),
        /// and level 6 left the 64 px ring at 1.053× `optipng -o2`. Level 8's near-optimal parsing brings it to
        /// 1.048× for about 0.15 ms more (docs/performance.md, "Small gradient rings"); level 7 only to 1.051×.
        public var tiny: Int
        /// Largest image, in pixels, compressed at ``tiny``.
        public var tinyUpTo: Int
        /// Level for images of up to `largeFrom - 1` pixels.
        public var small: Int
        /// Level from `largeFrom` pixels on.
        public var large: Int
        public var largeFrom: Int
        /// Level at which a palette image's indices (``PNGPalette``) are compressed again when, at the level for
        /// their size, they came to at most ``paletteRetryUpToBytes``; the smaller result is kept.
        ///
        /// Level 8's near-optimal parsing costs about 0.3 ms per KiB of output on our flat pictures (a whole miss of
        /// `pie.png?p=0.4&size=256`, 4.7 KiB of indices: 0.88 → 2.48 ms), and saves 1–9 %. Where level 6 gave at
        /// most 2 KiB it costs at most about 0.6 ms and brings the pictures that were over 5 % of `optipng -o2`
        /// under it (petals at 256 px 1.113 → 1.031×, the 128 px pie 1.055 → 1.047×); the larger flat pictures
        /// measured were within 3.5 % at level 6 (docs/performance.md, "Palette images").
        public var palette: Int
        /// Largest level-6 size of a palette image's indices that is compressed again at ``palette``.
        public var paletteRetryUpToBytes: Int

        /// What the service ships: 8 up to 64² px, 6 up to 512² px, 7 above; palette indices again at 8 when they
        /// came to at most 2 KiB.
        public static let ringImages = WholeBufferLevels(
            tiny: 8, tinyUpTo: 64 * 64, small: 6, large: 7, largeFrom: 512 * 512 + 1, palette: 8, paletteRetryUpToBytes: 2048)

        public init(
            tiny: Int, tinyUpTo: Int, small: Int, large: Int, largeFrom: Int, palette: Int, paletteRetryUpToBytes: Int
        ) {
            precondition([tiny, small, large, palette].allSatisfy { (1...12).contains($0) }, "libdeflate levels are 1…12")
            self.tiny = tiny
            self.tinyUpTo = tinyUpTo
            self.small = small
            self.large = large
            self.largeFrom = largeFrom
            self.palette = palette
            self.paletteRetryUpToBytes = paletteRetryUpToBytes
        }

        /// The level for an image of `pixels` pixels.
        public func level(forPixels pixels: Int) -> Int { pixels <= tinyUpTo ? tiny : pixels >= largeFrom ? large : small }
    }
}
