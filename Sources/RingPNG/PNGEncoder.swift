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

    /// The PNG bytes of `bitmap`, un-premultiplied to straight RGBA8 (RGB8 if opaque and allowed).
    public static func encode(_ bitmap: Bitmap, options: Options = .init()) -> [UInt8] {
        let colorType = colorType(for: [bitmap], options: options)
        let data = imageData(bitmap, colorType: colorType, options: options)
        var writer = PNGChunkWriter(reservingCapacity: data.count + 64)
        writer.appendHeader(width: bitmap.width, height: bitmap.height, colorType: colorType)
        writer.append("IDAT", data)
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
    /// out opaque after all, asked for again to write RGB8: `rows` must give the same bytes each time.
    public static func encode(
        width: Int, height: Int, opaque: Bool, options: Options = .init(),
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>
    ) -> [UInt8] {
        var colorType: PNGColorType = options.allowsRGB && opaque ? .rgb : .rgba
        var (data, allOpaque) = imageData(width: width, height: height, colorType: colorType, options: options, rows: rows)
        if colorType == .rgba && allOpaque && options.allowsRGB {
            colorType = .rgb
            data = imageData(width: width, height: height, colorType: colorType, options: options, rows: rows).data
        }
        var writer = PNGChunkWriter(reservingCapacity: data.count + 64)
        writer.appendHeader(width: width, height: height, colorType: colorType)
        writer.append("IDAT", data)
        writer.appendEnd()
        return writer.bytes
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

    /// Converts, filters and hands `sink` each row (filter-type byte first), top to bottom; returns whether every
    /// pixel was opaque.
    private static func filteredRows(
        width: Int, height: Int, colorType: PNGColorType, options: Options,
        rows: (_ y: Int, _ buffer: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8>,
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
