import RingDeflate
import RingRaster

/// Writes a `Bitmap` as a PNG: signature, `IHDR`, one `IDAT`, `IEND`.
///
/// Output is minimal and deterministic — no timestamps, text or gamma chunks — so equal bitmaps
/// give equal bytes (the cache and golden tests rely on it). Encoding cannot fail: zlib errors on
/// valid input are programming errors and stop the process.
public enum PNGEncoder {
    /// Images of at most this many pixels (1024 × 1024) have their filtered rows collected into one buffer and
    /// compressed by libdeflate (``WholeDeflate``); larger ones stream row by row through zlib, so a 4096² PNG
    /// never holds its whole bitmap. The buffer and libdeflate's output bound cost up to 8 bytes per pixel (8 MiB
    /// here, counted by RingApp's render memory estimate); every README-sized picture (up to 512 px at scale 2)
    /// takes the faster path.
    public static let wholeBufferPixelLimit = 1 << 20

    /// The PNG bytes of `bitmap`, un-premultiplied to straight RGBA8 (RGB8 if opaque and allowed, 8-bit palette
    /// indices if it has at most 256 colours and that is allowed: ``Options/allowsPalette``).
    public static func encode(_ bitmap: Bitmap, options: Options = .init()) -> [UInt8] {
        precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "bitmap pixel count does not match its size")
        let image = bitmap.pixels.withUnsafeBufferPointer { pixels in
            stillImageData(
                width: bitmap.width, height: bitmap.height, colorType: colorType(for: [bitmap], options: options),
                options: options
            ) { y, _ in pixels.baseAddress! + y * bitmap.width * 4 }
        }
        return file(width: bitmap.width, height: bitmap.height, image)
    }

    /// A still image's compressed scanlines and what the header and palette chunks must say about them.
    struct StillImageData {
        var data: [UInt8]
        var colorType: PNGColorType
        /// The colours of a `.palette` image.
        var palette: PNGPalette?
        /// Whether every pixel was opaque.
        var allOpaque: Bool

        /// This with `rows` (filtered, as the colour type says) compressed by libdeflate as its data.
        func compressing(_ rows: [UInt8], level: Int) -> StillImageData {
            var image = self
            image.data = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: level) }
            return image
        }
    }

    /// Signature, `IHDR`, `PLTE` and `tRNS` for a palette image, `IDAT`, `IEND`.
    private static func file(width: Int, height: Int, _ image: StillImageData) -> [UInt8] {
        var writer = PNGChunkWriter(reservingCapacity: image.data.count + 64 + 4 * (image.palette?.colors.count ?? 0))
        writer.appendHeader(width: width, height: height, colorType: image.colorType)
        if let palette = image.palette {
            writer.append("PLTE", palette.plte)
            if let trns = palette.trns { writer.append("tRNS", trns) }
        }
        writer.append("IDAT", image.data)
        writer.appendEnd()
        return writer.bytes
    }

    /// `.rgb` when allowed and every pixel of every bitmap is opaque, else `.rgba`.
    static func colorType(for bitmaps: [Bitmap], options: Options) -> PNGColorType {
        options.allowsRGB && bitmaps.allSatisfy(\.isOpaque) ? .rgb : .rgba
    }

    /// The PNG of an image drawn row by row, without a bitmap of it: `rows(y, buffer)` gives row `y` (top row
    /// first) as premultiplied RGBA8, `width × 4` bytes, written into `buffer` (and returns `buffer`) or held
    /// elsewhere (and returns that). The same bytes as ``encode(_:options:)`` of the whole bitmap.
    ///
    /// `opaque` says every pixel is opaque, when the caller knows it in advance (an opaque background): then
    /// RGB8 is written straight away. Otherwise the rows are written as RGBA8 and, should every pixel turn
    /// out opaque after all (and the image not fit a palette), asked for again to write RGB8: `rows` must give
    /// the same bytes each time.
    public static func encode(
        width: Int, height: Int, opaque: Bool, options: Options = .init(),
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
    ) -> [UInt8] {
        let colorType: PNGColorType = options.allowsRGB && opaque ? .rgb : .rgba
        var image = stillImageData(width: width, height: height, colorType: colorType, options: options, rows: rows)
        if image.colorType == .rgba && image.allOpaque && options.allowsRGB {
            image = stillImageData(width: width, height: height, colorType: .rgb, options: options, rows: rows)
        }
        return file(width: width, height: height, image)
    }

    /// The scanlines of a still image in `colorType` (`.rgba` or `.rgb`) — or as palette indices, when allowed
    /// and the image has at most ``PNGPalette/maximumColors`` colours. Only pictures on the whole-buffer path
    /// (at most ``wholeBufferPixelLimit`` pixels, filter None) can become palette images: their rows are all
    /// in memory when the colours are known, so the indices replace them in place.
    static func stillImageData(
        width: Int, height: Int, colorType: PNGColorType, options: Options,
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
    ) -> StillImageData {
        guard options.allowsPalette, options.filter == .none, width * height <= wholeBufferPixelLimit,
            let levels = options.wholeBufferLevels
        else {
            let (data, allOpaque) = imageData(width: width, height: height, colorType: colorType, options: options, rows: rows)
            return StillImageData(data: data, colorType: colorType, allOpaque: allOpaque)
        }
        let bpp = colorType.channels
        var collected: [UInt8] = []
        collected.reserveCapacity(height * (width * bpp + 1))
        var colors = PaletteBuilder()
        let allOpaque = filteredRows(
            width: width, height: height, colorType: colorType, options: options, rows: rows,
            converted: { colors.add($0, channels: bpp) }
        ) { collected.append(contentsOf: $0) }
        let level = levels.level(forPixels: width * height)
        let direct = StillImageData(data: [], colorType: colorType, allOpaque: allOpaque)
        guard let (palette, remap) = colors.finish() else {
            return direct.compressing(collected, level: level)
        }
        var compared: StillImageData?
        if width * height <= PNGPalette.comparedUpToPixels {
            // Against what the file would be without a palette: RGB when every pixel is opaque (as the caller
            // would ask for next), so the choice is the same whether or not the caller knew it beforehand.
            compared = colorType == .rgba && allOpaque && options.allowsRGB
                ? StillImageData(data: [], colorType: .rgb, allOpaque: true)
                    .compressing(Self.withoutAlpha(collected, width: width, height: height), level: level)
                : direct.compressing(collected, level: level)
        }
        colors.replaceWithIndices(&collected, width: width, height: height, channels: bpp, remap: remap)
        let paletteImage = StillImageData(data: [], colorType: .palette, palette: palette, allOpaque: allOpaque)
        var indexed = paletteImage.compressing(collected, level: level)
        if indexed.data.count <= levels.paletteRetryUpToBytes && levels.palette != level {
            let tighter = paletteImage.compressing(collected, level: levels.palette)
            if tighter.data.count < indexed.data.count { indexed = tighter }
        }
        if let compared, compared.data.count <= indexed.data.count + palette.chunkBytes { return compared }
        return indexed
    }

    /// The zlib stream of `bitmap`'s filtered scanlines: the payload of `IDAT` (or `fdAT`).
    static func imageData(_ bitmap: Bitmap, colorType: PNGColorType, options: Options) -> [UInt8] {
        precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "bitmap pixel count does not match its size")
        return bitmap.pixels.withUnsafeBufferPointer { pixels in
            imageData(width: bitmap.width, height: bitmap.height, colorType: colorType, options: options) { y, _ in
                pixels.baseAddress! + y * bitmap.width * 4
            }.data
        }
    }

    /// The zlib stream of the filtered scanlines of the rows `rows` gives (see
    /// ``encode(width:height:opaque:options:rows:)``), and whether every pixel was opaque.
    ///
    /// Up to ``wholeBufferPixelLimit`` pixels (and with ``Options/wholeBufferLevels`` set) the filtered rows are
    /// collected and compressed at once by libdeflate; above it they are fed to zlib one at a time, so memory
    /// stays at a few rows beyond the compressed output however large the image.
    static func imageData(
        width: Int, height: Int, colorType: PNGColorType, options: Options,
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
    ) -> (data: [UInt8], allOpaque: Bool) {
        precondition(colorType == .rgba || colorType == .rgb, "the encoder writes RGBA or RGB only")
        if width * height <= wholeBufferPixelLimit, let levels = options.wholeBufferLevels {
            let level = levels.level(forPixels: width * height)
            var collected: [UInt8] = []
            collected.reserveCapacity(height * (width * colorType.channels + 1))
            let allOpaque = filteredRows(width: width, height: height, colorType: colorType, options: options, rows: rows) {
                collected.append(contentsOf: $0)
            }
            return (collected.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: level) }, allOpaque)
        }
        var deflater = Deflater(level: options.level, strategy: options.zlibStrategy.zlib, tuning: options.matchTuning)
        let allOpaque = filteredRows(width: width, height: height, colorType: colorType, options: options, rows: rows) {
            deflater.append($0)
        }
        return (deflater.finish(), allOpaque)
    }

    /// Filter None RGBA8 rows (type byte first) as filter None RGB8 rows.
    private static func withoutAlpha(_ rows: [UInt8], width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            let row = y * (width * 4 + 1)
            rgb.append(rows[row])
            for x in 0..<width { rgb.append(contentsOf: rows[(row + 1 + x * 4)..<(row + 4 + x * 4)]) }
        }
        return rgb
    }

    /// Converts, filters and hands `sink` each row (filter-type byte first), top to bottom; returns whether every
    /// pixel was opaque. `converted` sees each row before filtering, as straight RGBA8 or RGB8.
    private static func filteredRows(
        width: Int, height: Int, colorType: PNGColorType, options: Options,
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>,
        converted: (UnsafeBufferPointer<UInt8>) -> Void = { _ in },
        sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        let bpp = colorType.channels
        let rowBytes = width * bpp
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        // Filtered row with its leading filter-type byte; `candidate` is MinSum's scratch row.
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        var candidate = [UInt8](repeating: 0, count: rowBytes + 1)
        // The source row, for a `rows` that draws into a buffer.
        var premultiplied = [UInt8](repeating: 0, count: width * 4)
        var allOpaque = true

        for y in 0..<height {
            let source = premultiplied.withUnsafeMutableBufferPointer { UnsafeBufferPointer(start: rows(y, $0.baseAddress!), count: width * 4) }
            current.withUnsafeMutableBufferPointer {
                if !Unpremultiply.convert(source, into: $0, channels: bpp) { allOpaque = false }
            }
            current.withUnsafeBufferPointer { converted($0) }
            current.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { above in
                    filtered.withUnsafeMutableBufferPointer { out in
                        candidate.withUnsafeMutableBufferPointer { scratch in
                            filterRow(row, above: above, bpp: bpp, strategy: options.filter, into: out, scratch: scratch)
                        }
                    }
                }
            }
            filtered.withUnsafeBufferPointer { sink($0) }
            swap(&previous, &current)
        }
        return allOpaque
    }

    /// Filters one row into `out` (type byte first) according to `strategy`.
    private static func filterRow(
        _ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>, bpp: Int,
        strategy: FilterStrategy, into out: UnsafeMutableBufferPointer<UInt8>,
        scratch: UnsafeMutableBufferPointer<UInt8>
    ) {
        let single: PNGFilter
        switch strategy {
        case .none: single = .none
        case .sub: single = .sub
        case .up: single = .up
        case .average: single = .average
        case .paeth: single = .paeth
        case .minSum:
            var bestScore = Int.max
            for filter in PNGFilter.allCases {
                filter.apply(row: row, previous: above, bpp: bpp, into: UnsafeMutableBufferPointer(rebasing: scratch[1...]))
                let score = PNGFilter.signedSum(UnsafeBufferPointer(rebasing: scratch[1...]))
                if score < bestScore {
                    bestScore = score
                    scratch[0] = filter.rawValue
                    _ = out.update(fromContentsOf: scratch)
                }
            }
            return
        }
        out[0] = single.rawValue
        single.apply(row: row, previous: above, bpp: bpp, into: UnsafeMutableBufferPointer(rebasing: out[1...]))
    }
}

extension Bitmap {
    /// Whether every pixel has alpha 255.
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
