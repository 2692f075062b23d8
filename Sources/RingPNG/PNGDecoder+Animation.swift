extension PNGDecoder {
    /// Decodes an APNG and composites its frames per the APNG specification: the output buffer
    /// starts transparent black; each frame is blended into its region, shown, then disposed.
    ///
    /// Throws `.missingChunk("acTL")` for a plain PNG.
    public static func decodeAnimation(_ bytes: [UInt8]) throws(PNGDecodingError) -> APNGAnimation {
        let stream = try PNGStream(bytes)
        guard let control = stream.animationControl else { throw .missingChunk("acTL") }
        let width = stream.header.width, height = stream.header.height
        let defaultImage = try stream.pixels(stream.imageData, width: width, height: height)

        var canvas = PNGImage(width: width, height: height)
        var frames: [APNGAnimation.Frame] = []
        for (index, stored) in stream.frames.enumerated() {
            let c = stored.control
            let region = try stream.pixels(stored.data, width: c.width, height: c.height)
            // PREVIOUS on the first frame means BACKGROUND (spec): there is nothing to go back to.
            let dispose: APNGDisposeOp = index == 0 && c.dispose == .previous ? .background : c.dispose
            let saved = dispose == .previous ? canvas : nil
            Self.blend(region, into: &canvas, x: c.x, y: c.y, op: c.blend)
            frames.append(APNGAnimation.Frame(control: c, region: region, canvas: canvas))
            switch dispose {
            case .none: break
            case .background: Self.blend(PNGImage(width: c.width, height: c.height), into: &canvas, x: c.x, y: c.y, op: .source)
            case .previous: canvas = saved ?? canvas
            }
        }
        return APNGAnimation(
            defaultImage: defaultImage, defaultImageIsFirstFrame: stream.defaultImageIsFirstFrame,
            plays: control.plays, frames: frames)
    }

    /// Writes `region` onto `canvas` at (`x`, `y`), replacing (SOURCE) or compositing (OVER).
    ///
    /// OVER on straight alpha, rounded to nearest: αo = αs + αd(1 − αs), Co = (Cs·αs + Cd·αd(1 − αs)) / αo.
    static func blend(_ region: PNGImage, into canvas: inout PNGImage, x: Int, y: Int, op: APNGBlendOp) {
        for row in 0..<region.height {
            for col in 0..<region.width {
                let s = (row * region.width + col) * 4
                let d = ((y + row) * canvas.width + x + col) * 4
                let sa = Int(region.pixels[s + 3])
                if op == .source || sa == 255 {
                    for k in 0..<4 { canvas.pixels[d + k] = region.pixels[s + k] }
                    continue
                }
                guard sa > 0 else { continue }
                // Work in units of 255·255 so every intermediate is an exact integer.
                let source = sa * 255
                let destination = (255 - sa) * Int(canvas.pixels[d + 3])
                let total = source + destination
                for k in 0..<3 {
                    let mixed = Int(region.pixels[s + k]) * source + Int(canvas.pixels[d + k]) * destination
                    canvas.pixels[d + k] = UInt8((mixed + total / 2) / total)
                }
                canvas.pixels[d + 3] = UInt8((total + 127) / 255)
            }
        }
    }
}
