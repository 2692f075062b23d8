import Foundation
import Testing

/// Reads pixels of PNGs rendered by `rsvg-convert`, through a small stdlib-only Python PNG decoder (zlib +
/// the five PNG filters), since the test target has no image decoder of its own.
enum PNGProbe {
    struct Pixel: Equatable {
        var r, g, b, a: Int
    }

    static let decoder = #"""
        import struct, sys, zlib

        def load(path):
            data = open(path, 'rb').read()
            assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
            pos, idat = 8, b''
            while pos < len(data):
                n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + n]
                pos += 12 + n
                if kind == b'IHDR':
                    w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
                elif kind == b'IDAT':
                    idat += body
                elif kind == b'IEND':
                    break
            assert depth == 8 and ctype in (2, 6) and interlace == 0, 'unsupported PNG'
            bpp = 4 if ctype == 6 else 3
            raw, stride = zlib.decompress(idat), w * bpp
            rows, prev, i = [], bytearray(stride), 0
            for _ in range(h):
                f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
                i += 1 + stride
                for x in range(stride):
                    a = line[x - bpp] if x >= bpp else 0
                    b = prev[x]
                    c = prev[x - bpp] if x >= bpp else 0
                    if f == 1: line[x] = (line[x] + a) & 255
                    elif f == 2: line[x] = (line[x] + b) & 255
                    elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line)
                prev = line
            def px(x, y):
                r = rows[y][x * bpp:(x + 1) * bpp]
                return tuple(r) + ((255,) if bpp == 3 else ())
            return w, h, px

        if sys.argv[1] == 'sample':
            w, h, px = load(sys.argv[2])
            coords = list(map(int, sys.argv[3:]))
            for x, y in zip(coords[0::2], coords[1::2]):
                print(*px(x, y))
        elif sys.argv[1] == 'diff':
            # Largest channel difference of the two images composited over mid-grey.
            w, h, a = load(sys.argv[2])
            w2, h2, b = load(sys.argv[3])
            assert (w, h) == (w2, h2), 'sizes differ'
            worst = 0
            for y in range(h):
                for x in range(w):
                    p, q = a(x, y), b(x, y)
                    for k in range(3):
                        u = p[k] * p[3] / 255 + 128 * (1 - p[3] / 255)
                        v = q[k] * q[3] / 255 + 128 * (1 - q[3] / 255)
                        worst = max(worst, abs(u - v))
            print(round(worst, 2))
        """#

    /// The path of a required tool, or a recorded failure naming how to get it.
    static func require(_ name: String, package: String) -> String? {
        if let path = Tool.find(name) { return path }
        Issue.record("\(name) is required for this test (install \(package)); it is not on PATH")
        return nil
    }

    /// Renders `svg` to a PNG file with rsvg-convert (size from the SVG) and returns its path, in a directory of
    /// its own that the caller removes with ``discard(_:)`` (in a `defer`), so test runs leave nothing behind.
    static func render(_ svg: String, name: String) throws -> String? {
        guard let rsvg = require("rsvg-convert", package: "librsvg2-bin") else { return nil }
        let dir = try TestFiles.temporaryDirectory()
        let svgPath = dir + "/\(name).svg", pngPath = dir + "/\(name).png"
        try TestFiles.write(svg, to: svgPath)
        let out = try Tool.run(rsvg, ["-f", "png", "-o", pngPath, svgPath])
        #expect(out.status == 0, "rsvg-convert failed: \(out.stderr)")
        guard out.status == 0 else {
            try? FileManager.default.removeItem(atPath: dir)
            return nil
        }
        return pngPath
    }

    /// Removes the directory ``render(_:name:)`` made for `png`.
    static func discard(_ png: String?) {
        guard let png else { return }
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: png).deletingLastPathComponent())
    }

    /// Pixels at integer coordinates.
    static func sample(_ png: String, _ points: [(Int, Int)]) throws -> [Pixel]? {
        guard let python = require("python3", package: "python3") else { return nil }
        let args = ["-c", decoder, "sample", png] + points.flatMap { [String($0.0), String($0.1)] }
        let out = try Tool.run(python, args)
        #expect(out.status == 0, "PNG decoder failed: \(out.stderr)")
        let lines = String(decoding: out.stdout, as: UTF8.self).split(separator: "\n")
        return lines.map { line in
            let v = line.split(separator: " ").map { Int($0) ?? -1 }
            return Pixel(r: v[0], g: v[1], b: v[2], a: v[3])
        }
    }

    /// Largest channel difference (levels) between two same-sized PNGs over mid-grey.
    static func maxDifference(_ a: String, _ b: String) throws -> Double? {
        guard let python = require("python3", package: "python3") else { return nil }
        let out = try Tool.run(python, ["-c", decoder, "diff", a, b])
        #expect(out.status == 0, "PNG decoder failed: \(out.stderr)")
        return Double(String(decoding: out.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
