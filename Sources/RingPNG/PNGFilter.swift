/// The five PNG scanline filters (filter method 0), applied by the encoder and undone by the decoder.
///
/// Each filtered row is one filter-type byte followed by the row's bytes, each predicted from the
/// byte `bpp` to the left (`a`), the byte above (`b`) and the byte above-left (`c`).
enum PNGFilter: UInt8, CaseIterable, Sendable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4

    /// Writes `row` filtered with `self` into `out` (same length as `row`). `previous` is the
    /// unfiltered row above, all zero for the first row.
    func apply(
        row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>, bpp: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let n = row.count
        switch self {
        case .none:
            for i in 0..<n { out[i] = row[i] }
        case .sub:
            for i in 0..<min(bpp, n) { out[i] = row[i] }
            for i in min(bpp, n)..<n { out[i] = row[i] &- row[i - bpp] }
        case .up:
            for i in 0..<n { out[i] = row[i] &- previous[i] }
        case .average:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                out[i] = row[i] &- UInt8((a + Int(previous[i])) >> 1)
            }
        case .paeth:
            for i in 0..<n {
                let a = i >= bpp ? row[i - bpp] : 0
                let c = i >= bpp ? previous[i - bpp] : 0
                out[i] = row[i] &- Self.paethPredictor(a, previous[i], c)
            }
        }
    }

    /// Undoes `self` in place: `row` holds filtered bytes on entry and raw bytes on exit.
    func reconstruct(row: UnsafeMutableBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>, bpp: Int) {
        let n = row.count
        switch self {
        case .none:
            break
        case .sub:
            for i in min(bpp, n)..<n { row[i] = row[i] &+ row[i - bpp] }
        case .up:
            for i in 0..<n { row[i] = row[i] &+ previous[i] }
        case .average:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                row[i] = row[i] &+ UInt8((a + Int(previous[i])) >> 1)
            }
        case .paeth:
            for i in 0..<n {
                let a = i >= bpp ? row[i - bpp] : 0
                let c = i >= bpp ? previous[i - bpp] : 0
                row[i] = row[i] &+ Self.paethPredictor(a, previous[i], c)
            }
        }
    }

    /// The Paeth predictor exactly as the PNG specification defines it (ties: a, then b, then c).
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }

    /// libpng's "minimum sum of absolute differences" score: filtered bytes read as signed.
    static func signedSum(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var sum = 0
        for byte in bytes { sum &+= abs(Int(Int8(bitPattern: byte))) }
        return sum
    }
}
