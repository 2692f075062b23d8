/// A PNG stream split into the pieces decoding needs, with chunk order and contents validated.
struct PNGStream {
    /// One APNG frame as stored: its `fcTL` and its compressed data.
    struct StoredFrame {
        var control: APNGFrameControl
        /// Concatenated `fdAT` payloads (sequence numbers stripped), or the `IDAT` data for frame 0
        /// when the default image is part of the animation.
        var data: [UInt8] = []
    }

    var header: PNGHeader
    /// Palette as RGBA quadruples (alpha from `tRNS`, else 255).
    var palette: [UInt8] = []
    /// `tRNS` key colour for greyscale (one sample) or RGB (three samples): pixels equal to it are transparent.
    var transparentKey: [UInt8]?
    /// Concatenated `IDAT` payloads.
    var imageData: [UInt8] = []
    /// `acTL` fields, present only for APNG.
    var animationControl: (frameCount: Int, plays: Int)?
    /// Whether an `fcTL` precedes `IDAT`, making the default image frame 0.
    var defaultImageIsFirstFrame = false
    /// Animation frames in stream order (empty unless `acTL` is present).
    var frames: [StoredFrame] = []

    init(_ bytes: [UInt8]) throws(PNGDecodingError) {
        let chunks = try PNGChunk.split(bytes)
        guard let first = chunks.first, first.type == "IHDR" else { throw .missingChunk("IHDR") }
        header = try PNGHeader(first.data)

        enum Phase { case beforeImageData, inImageData, afterImageData }
        var phase = Phase.beforeImageData
        var sawPalette = false
        var nextSequence: UInt32 = 0
        var pendingFirstFrame: APNGFrameControl?

        func checkSequence(_ data: [UInt8], _ chunk: String) throws(PNGDecodingError) {
            let number = data.bigEndianUInt32(at: 0)
            guard number == nextSequence else {
                throw .badAnimation("\(chunk) has sequence number \(number), expected \(nextSequence)")
            }
            nextSequence += 1
        }

        for chunk in chunks.dropFirst() {
            if phase == .inImageData && chunk.type != "IDAT" { phase = .afterImageData }
            switch chunk.type {
            case "IHDR":
                throw .malformedChunk(chunk: "IHDR", reason: "appears twice")
            case "PLTE":
                guard phase == .beforeImageData, !sawPalette else {
                    throw .malformedChunk(chunk: "PLTE", reason: "duplicate or after IDAT")
                }
                guard header.colorType != .greyscale && header.colorType != .greyscaleAlpha else {
                    throw .malformedChunk(chunk: "PLTE", reason: "not allowed for greyscale images")
                }
                let count = chunk.data.count / 3
                guard chunk.data.count % 3 == 0, (1...256).contains(count) else {
                    throw .malformedChunk(chunk: "PLTE", reason: "length \(chunk.data.count)")
                }
                sawPalette = true
                // Only palette images use the palette; for RGB(A) it is a suggestion we ignore.
                if header.colorType == .palette {
                    palette = (0..<count).flatMap { chunk.data[($0 * 3)..<($0 * 3 + 3)] + [255] }
                }
            case "tRNS":
                guard phase == .beforeImageData else { throw .malformedChunk(chunk: "tRNS", reason: "after IDAT") }
                switch header.colorType {
                case .palette:
                    guard sawPalette, chunk.data.count <= palette.count / 4 else {
                        throw .malformedChunk(chunk: "tRNS", reason: "before PLTE or longer than the palette")
                    }
                    for (i, alpha) in chunk.data.enumerated() { palette[i * 4 + 3] = alpha }
                case .greyscale, .rgb:
                    let samples = header.colorType.channels
                    guard chunk.data.count == samples * 2 else {
                        throw .malformedChunk(chunk: "tRNS", reason: "length \(chunk.data.count)")
                    }
                    // 16-bit samples; at bit depth 8 a key above 255 matches nothing.
                    let key = (0..<samples).map { chunk.data.bigEndianUInt16(at: $0 * 2) }
                    transparentKey = key.allSatisfy { $0 <= 255 } ? key.map { UInt8($0) } : nil
                case .greyscaleAlpha, .rgba:
                    throw .malformedChunk(chunk: "tRNS", reason: "not allowed with an alpha channel")
                }
            case "acTL":
                guard phase == .beforeImageData, animationControl == nil, chunk.data.count == 8 else {
                    throw .malformedChunk(chunk: "acTL", reason: "duplicate, misplaced or wrong length")
                }
                let frameCount = Int(chunk.data.bigEndianUInt32(at: 0))
                guard frameCount > 0 else { throw .malformedChunk(chunk: "acTL", reason: "num_frames is 0") }
                animationControl = (frameCount, Int(chunk.data.bigEndianUInt32(at: 4)))
            case "fcTL":
                guard animationControl != nil else { continue }  // Not an APNG: ignore, as the spec says.
                guard chunk.data.count == 26 else { throw .malformedChunk(chunk: "fcTL", reason: "length \(chunk.data.count)") }
                try checkSequence(chunk.data, "fcTL")
                let control = try Self.frameControl(chunk.data, canvas: header)
                switch phase {
                case .beforeImageData:
                    guard pendingFirstFrame == nil else { throw .badAnimation("two fcTL chunks before IDAT") }
                    guard control.x == 0, control.y == 0, control.width == header.width, control.height == header.height
                    else { throw .badAnimation("fcTL of the default image must cover the whole canvas") }
                    pendingFirstFrame = control
                    defaultImageIsFirstFrame = true
                case .inImageData, .afterImageData:
                    if let last = frames.last, last.data.isEmpty {
                        throw .badAnimation("frame \(frames.count - 1) has no image data")
                    }
                    frames.append(StoredFrame(control: control))
                }
            case "IDAT":
                guard phase != .afterImageData else { throw .malformedChunk(chunk: "IDAT", reason: "IDAT chunks not consecutive") }
                phase = .inImageData
                imageData.append(contentsOf: chunk.data)
            case "fdAT":
                guard animationControl != nil else { continue }
                guard phase == .afterImageData, !frames.isEmpty else {
                    throw .badAnimation("fdAT before IDAT or without a preceding fcTL")
                }
                guard chunk.data.count > 4 else { throw .malformedChunk(chunk: "fdAT", reason: "no data") }
                try checkSequence(chunk.data, "fdAT")
                frames[frames.count - 1].data.append(contentsOf: chunk.data[4...])
            case "IEND":
                break
            default:
                if chunk.isCritical { throw .unsupported("critical chunk \(chunk.type)") }
            }
        }
        guard !imageData.isEmpty else { throw .missingChunk("IDAT") }
        if header.colorType == .palette && !sawPalette { throw .missingChunk("PLTE") }
        if let first = pendingFirstFrame { frames.insert(StoredFrame(control: first, data: imageData), at: 0) }
        if let control = animationControl {
            guard frames.count == control.frameCount else {
                throw .badAnimation("acTL says \(control.frameCount) frames, stream has \(frames.count)")
            }
            if let last = frames.last, last.data.isEmpty { throw .badAnimation("last frame has no image data") }
        }
    }

    /// Parses and validates a 26-byte `fcTL` payload against the canvas.
    private static func frameControl(_ d: [UInt8], canvas: PNGHeader) throws(PNGDecodingError) -> APNGFrameControl {
        let width = Int(d.bigEndianUInt32(at: 4)), height = Int(d.bigEndianUInt32(at: 8))
        let x = Int(d.bigEndianUInt32(at: 12)), y = Int(d.bigEndianUInt32(at: 16))
        guard width > 0, height > 0, x + width <= canvas.width, y + height <= canvas.height else {
            throw .malformedChunk(chunk: "fcTL", reason: "region \(width)×\(height)+\(x)+\(y) outside the canvas")
        }
        guard let dispose = APNGDisposeOp(rawValue: d[24]), let blend = APNGBlendOp(rawValue: d[25]) else {
            throw .malformedChunk(chunk: "fcTL", reason: "dispose_op \(d[24]) / blend_op \(d[25])")
        }
        return APNGFrameControl(
            sequenceNumber: d.bigEndianUInt32(at: 0), width: width, height: height, x: x, y: y,
            delay: APNGDelay(numerator: d.bigEndianUInt16(at: 20), denominator: d.bigEndianUInt16(at: 22)),
            dispose: dispose, blend: blend)
    }

    /// Inflates, unfilters and converts `data` (a `width`×`height` image in this stream's format) to straight RGBA8.
    func pixels(_ data: [UInt8], width: Int, height: Int) throws(PNGDecodingError) -> PNGImage {
        let channels = header.colorType.channels
        let rowBytes = width * channels
        var raw = try Zlib.inflate(data, expectedCount: height * (rowBytes + 1))
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            guard let filter = PNGFilter(rawValue: raw[start]) else { throw .badFilterType(raw[start], row: y) }
            raw.withUnsafeMutableBufferPointer { buffer in
                previous.withUnsafeBufferPointer { above in
                    filter.reconstruct(
                        row: UnsafeMutableBufferPointer(rebasing: buffer[(start + 1)..<(start + 1 + rowBytes)]),
                        previous: above, bpp: channels)
                }
            }
            previous.withUnsafeMutableBufferPointer { above in
                _ = above.update(fromContentsOf: raw[(start + 1)..<(start + 1 + rowBytes)])
            }
            try expand(previous, into: &out, at: y * width * 4)
        }
        return PNGImage(width: width, height: height, pixels: out)
    }

    /// Writes one unfiltered row as RGBA8 into `out` starting at `offset`.
    private func expand(_ row: [UInt8], into out: inout [UInt8], at offset: Int) throws(PNGDecodingError) {
        let channels = header.colorType.channels
        let width = row.count / channels
        for x in 0..<width {
            let s = x * channels, d = offset + x * 4
            switch header.colorType {
            case .rgba:
                out[d] = row[s]; out[d + 1] = row[s + 1]; out[d + 2] = row[s + 2]; out[d + 3] = row[s + 3]
            case .rgb:
                out[d] = row[s]; out[d + 1] = row[s + 1]; out[d + 2] = row[s + 2]
                let keyed = transparentKey.map { $0[0] == row[s] && $0[1] == row[s + 1] && $0[2] == row[s + 2] } ?? false
                out[d + 3] = keyed ? 0 : 255
            case .greyscale:
                out[d] = row[s]; out[d + 1] = row[s]; out[d + 2] = row[s]
                out[d + 3] = transparentKey?[0] == row[s] ? 0 : 255
            case .greyscaleAlpha:
                out[d] = row[s]; out[d + 1] = row[s]; out[d + 2] = row[s]; out[d + 3] = row[s + 1]
            case .palette:
                let index = Int(row[s])
                guard index * 4 < palette.count else {
                    throw .corruptImageData("palette index \(index) beyond \(palette.count / 4) entries")
                }
                for c in 0..<4 { out[d + c] = palette[index * 4 + c] }
            }
        }
    }
}
