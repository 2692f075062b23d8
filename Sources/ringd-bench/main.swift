import Foundation
import RingApp
import RingCore
import RingDeflate
import RingPNG
import RingRaster
import RingText

/// `ringd-bench`: times ringd's own rendering of the benchmark images, for `scripts/bench/render`, which adds
/// Skia and optipng and prints the comparison. A separate executable rather than a hidden `ringd` subcommand:
/// it needs no server, no flags parsing and no cache. Its timings come from a release build the script makes
/// (timings are not tests); `--instructions` runs a case for `scripts/bench/instructions`, which counts the debug
/// build's instructions under callgrind (counts, unlike timings, repeat, so scripts/test runs that guard).
///
///     ringd-bench [--iterations N] [--sizes 64,256,1024] [--write DIR] [--profile NAME | --profile-encode NAME]
///     ringd-bench --queries FILE
///     ringd-bench --instructions hit|svg|png|badge [--font-dir DIR]
///
/// Prints one JSON object per case: the first ("cold": the first render of that image in this process, after a
/// tiny warm-up image has loaded the libraries) and median CPU times of the SVG path and
/// the PNG path, the PNG path split into rasterizing and encoding, byte sizes and the rasterizer's pixel counts.
/// `--write` saves each PNG as DIR/NAME.png (and the SVG beside it). Each object also carries the scene's rings
/// as plain shapes, for Skia to draw the same picture. `--instructions` prints the case, the requests counted and
/// the bytes answered.
struct Options {
    var iterations = 30
    var sizes = [64, 256, 1024]
    var writeDirectory: String?
    /// `--profile NAME`: only rasterize that case, `iterations` times (for perf), and print nothing.
    var profile: String?
    /// `--profile-encode NAME`: only PNG-encode that case's bitmap, `iterations` times.
    var profileEncode: String?
    /// `--labels 1`: time labels instead (fonts loading, a ring with and without `label=auto`, hostile labels).
    var labels = false
    /// `--queries FILE`: time the server's whole work for a miss on each query in FILE (one request target per
    /// line, each drawn once: decoding, cache key, render), for `scripts/bench/serve`'s miss-latency row.
    var queries: String?
    /// `--instructions CASE`: run one ``InstructionWork`` case for `scripts/bench/instructions` (callgrind).
    var instructions: InstructionWork?
    /// `--font-dir DIR`: the label fonts for `--instructions` (default: the system's).
    var fontDirectory: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            switch flag {
            case "--iterations": iterations = try Int(value).orThrow("--iterations takes a number")
            case "--sizes": sizes = try value.split(separator: ",").map { try Int($0).orThrow("bad size \($0)") }
            case "--write": writeDirectory = value
            case "--profile": profile = value
            case "--profile-encode": profileEncode = value
            case "--labels": labels = value == "1"
            case "--queries": queries = value
            case "--instructions":
                instructions = try InstructionWork(rawValue: value).orThrow(
                    "--instructions takes one of \(InstructionWork.allCases.map(\.rawValue).joined(separator: ", "))")
            case "--font-dir": fontDirectory = value
            default: throw BenchError("unknown flag \(flag)")
            }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw BenchError(message) }
        return self
    }
}

/// Milliseconds of this thread's CPU time taken by `body`: on a shared machine, wall time measures the
/// neighbours too; CPU time is what the work costs (Skia is timed the same way by the script).
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
}

/// Misses: each query drawn once as the server draws a miss (``OfflineRender``: the server's decoding, key and
/// writers), timed in CPU milliseconds after three warm-up renders of the first; prints the median and the 90th
/// percentile as one JSON object. Distinct queries, as distinct misses are: no render repeats a picture.
func runQueries(file: String) throws {
    let queries = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
    guard let first = queries.first else { throw BenchError("\(file) holds no query") }
    for _ in 0..<3 { _ = OfflineRender.render(first) }
    var times: [Double] = []
    for query in queries.dropFirst() {
        var result: Result<OfflineRender.Image, OfflineRender.Refusal>?
        times.append(milliseconds { result = OfflineRender.render(query) })
        if case .failure(let refusal) = result { throw BenchError("\(query): \(refusal.text)") }
    }
    times.sort()
    print(#"{"queries": \#(times.count), "median_ms": \#(median(times)), "p90_ms": \#(times[times.count * 9 / 10])}"#)
}

/// Labels: what fonts cost at start-up, what a label adds to a 256 px ring (cold: the first render of the text in
/// this process, shaping included; warm: the median, its outlines cached), and the slowest labels the decoder
/// accepts. One JSON object per row.
func runLabels(iterations: Int) throws {
    var typeface = Typeface.strokeOnly
    let load = milliseconds { typeface = Typeface() }
    let faces = typeface.fonts?.faces.count ?? 0
    print("{\"name\": \"fonts-load\", \"ms\": \(fmt(load)), \"faces\": \(faces)}")
    let warmup = BenchCase(name: "warmup", route: .ring, query: "p=0.5&size=16&label=x", typeface: typeface)
    var discard = RenderStatistics()
    _ = try warmup.png(statistics: &discard)
    // As in `run()`: the compressor of the level the 256 px rings use, made before the first timed render.
    _ = try BenchCase(name: "warmup-80", route: .ring, query: "p=0.5&size=80", typeface: typeface).png(statistics: &discard)
    let cases = [
        BenchCase(name: "ring-256", route: .ring, query: "p=0.73&size=256", typeface: typeface),
        BenchCase(name: "ring-256-auto", route: .ring, query: "p=0.73&size=256&label=auto", typeface: typeface),
        BenchCase(name: "ring-256-arabic", route: .ring, query: "p=0.73&size=256&label=%D8%B3%D9%84%D8%A7%D9%85", typeface: typeface),
        BenchCase(name: "ring-256-mixed", route: .ring, query: "p=0.73&size=256&label=Build%20%E5%AE%8C%E4%BA%86%20%E2%9C%93", typeface: typeface),
        BenchCase(name: "hostile-marks-127", route: .ring, query: "p=0.5&size=256&label=a" + String(repeating: "%CC%81", count: 127), typeface: typeface),
        BenchCase(name: "hostile-24-clusters", route: .ring, query: "p=0.5&size=256&label=" + String(repeating: "a%CC%81%CC%82%CC%83%CC%84", count: 24), typeface: typeface),
        BenchCase(name: "hostile-24-cjk", route: .ring, query: "p=0.5&size=2048&label=" + String(repeating: "%E9%BE%98", count: 24), typeface: typeface),
        BenchCase(name: "error-2048", route: .ring, query: "p=0.5&size=2048&label=%E0%BD%80" + String(repeating: "%E5%AE%8C", count: 23), typeface: typeface),
    ]
    // BENCH_ONLY=NAME times one case (for perf).
    let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
    for c in cases where only == nil || only == c.name {
        let isError = (try? c.spec()) == nil
        func once() throws {
            if isError {
                // The error image as the service draws it: the message set in the typeface, as a PNG.
                var message = ""
                do { _ = try c.spec() } catch { message = (error as? QueryError)?.message ?? "\(error)" }
                let rows = Rasterizer.rows(ErrorLayout.scene(message: message, size: 2048, text: typeface.setter), scale: 1)
                _ = PNGEncoder.encode(width: rows.width, height: rows.height, opaque: rows.isOpaque) { y, buffer in
                    rows.render(row: y, into: buffer)
                    return UnsafePointer(buffer)
                }
            } else {
                var s = RenderStatistics()
                _ = try c.png(statistics: &s)
            }
        }
        let cold = try milliseconds { try once() }
        var times: [Double] = []
        for _ in 0..<iterations { times.append(try milliseconds { try once() }) }
        print("{\"name\": \"\(c.name)\", \"cold_ms\": \(fmt(cold)), \"ms\": \(fmt(median(times))), \"max_ms\": \(fmt(times.max() ?? cold))}")
    }
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if let work = options.instructions {
        print("{\"case\": \"\(work.rawValue)\", \"requests\": \(work.targets.count), \"bytes\": \(try work.run(fontDirectory: options.fontDirectory))}")
        return
    }
    if let file = options.queries {
        try runQueries(file: file)
        return
    }
    if options.labels {
        try runLabels(iterations: options.iterations)
        return
    }
    if let name = options.profileEncode {
        let c = try BenchCase.standard(sizes: options.sizes).first { $0.name == name }.orThrow("no case \(name)")
        let spec = try c.spec()
        let bitmap = Rasterizer.render(RingLayout.scene(for: spec), scale: Double(spec.common.scale))
        for _ in 0..<options.iterations { _ = PNGEncoder.encode(bitmap) }
        return
    }
    if let name = options.profile {
        let c = try BenchCase.standard(sizes: options.sizes).first { $0.name == name }.orThrow("no case \(name)")
        let spec = try c.spec()
        let scene = RingLayout.scene(for: spec)
        for _ in 0..<options.iterations { _ = Rasterizer.render(scene, scale: Double(spec.common.scale)) }
        return
    }
    // Load and initialise the libraries (lazy tables, font data) on an unrelated tiny image, as a running server
    // has: "cold" then means a first render of the image itself, the cache-miss path. The script does the same
    // for Skia.
    let warmup = BenchCase(name: "warmup", route: .ring, query: "p=0.5&size=16")
    var discard = RenderStatistics()
    _ = try warmup.svg()
    _ = try warmup.png(statistics: &discard)
    // Since pictures up to 64² px are compressed at another level than larger ones (`WholeBufferLevels.tiny`), a
    // second warm-up above that size, so the compressor of the level most pictures use exists before the first
    // timed render, as in a server that has answered any picture of that size (the 16 px warm-up did this alone
    // before, and still does for the tiny level).
    _ = try BenchCase(name: "warmup-80", route: .ring, query: "p=0.5&size=80").png(statistics: &discard)
    for c in BenchCase.standard(sizes: options.sizes) {
        var svgBytes: [UInt8] = [], pngBytes: [UInt8] = []
        var statistics = RenderStatistics()
        // Cold: the first render of each kind in this process (lazy tables, font data, first allocations).
        let svgCold = try milliseconds { svgBytes = try c.svg() }
        let pngCold = try milliseconds { pngBytes = try c.png(statistics: &statistics) }
        var svgTimes: [Double] = [], pngTimes: [Double] = [], rasterTimes: [Double] = [], encodeTimes: [Double] = []
        let spec = try c.spec()
        for _ in 0..<options.iterations {
            svgTimes.append(try milliseconds { _ = try c.svg() })
            pngTimes.append(try milliseconds { var s = RenderStatistics(); _ = try c.png(statistics: &s) })
            let scene = RingLayout.scene(for: spec)
            // The rasterizer alone, its rows drawn into one row buffer as the server's streamed PNG path draws
            // them: no bitmap, whose fresh 4 MiB at 1024 px glibc returns to the system and faults in again
            // between pictures (2 ms of page faults that are not the rasterizer's; docs/performance.md).
            rasterTimes.append(milliseconds {
                let rows = Rasterizer.rows(scene, scale: Double(spec.common.scale))
                let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rows.width * 4)
                defer { row.deallocate() }
                for y in 0..<rows.height { rows.render(row: y, into: row) }
            })
            let bitmap = Rasterizer.render(scene, scale: Double(spec.common.scale))
            encodeTimes.append(milliseconds { _ = PNGEncoder.encode(bitmap) })
        }
        let deflate = try deflateAlone(png: pngBytes, iterations: options.iterations)
        if let dir = options.writeDirectory {
            if let rows = deflate?.rows {
                // The rows the timing compressed, for scripts/bench/compressors to try other compressors on.
                try Data(rows).write(to: URL(fileURLWithPath: dir).appendingPathComponent(c.name + ".rows"))
            }
            try Data(pngBytes).write(to: URL(fileURLWithPath: dir).appendingPathComponent(c.name + ".png"))
            try Data(svgBytes).write(to: URL(fileURLWithPath: dir).appendingPathComponent(c.name + ".svg"))
        }
        let side = Int((spec.common.size * Double(spec.common.scale)).rounded())
        let fields: [(String, String)] = [
            ("name", "\"\(c.name)\""), ("size", "\(side)"),
            ("svg_cold_ms", fmt(svgCold)), ("svg_ms", fmt(median(svgTimes))),
            ("png_cold_ms", fmt(pngCold)), ("png_ms", fmt(median(pngTimes))),
            ("raster_ms", fmt(median(rasterTimes))), ("encode_ms", fmt(median(encodeTimes))),
            ("deflate_ms", fmt(deflate?.milliseconds ?? 0)), ("deflate_level", "\(deflate?.level ?? 0)"),
            ("idat_bytes", "\(deflate?.idatBytes ?? 0)"),
            ("svg_bytes", "\(svgBytes.count)"), ("png_bytes", "\(pngBytes.count)"),
            ("touched_px", "\(statistics.touchedPixels)"), ("edge_px", "\(statistics.edgePixels)"),
            ("layer_px", "\(statistics.layerPixels)"), ("packed_px", "\(statistics.packedPixels)"),
            ("scene", SceneExport.json(RingLayout.scene(for: spec))),
        ]
        print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
    }
}

func fmt(_ x: Double) -> String { String(format: "%.4f", x) }

/// libdeflate alone on `png`'s image data, at the level the encoder ships for its size: median CPU ms of
/// `iterations` runs, for RGBA pictures (the gradient rings; filter None, so the rows are the decoded pixels, each
/// after a 0 byte). What is left of a miss's PNG time once this and the rasterizer are taken out is everything
/// else (un-premultiplying, chunks, the scene), so `scripts/bench/render` can say how much of Skia's time the
/// compressor alone already takes. Also returns the rows and the size of the PNG's image data (for
/// `scripts/bench/compressors`). Nil for other colour types and for pictures streamed through zlib.
func deflateAlone(png: [UInt8], iterations: Int) throws -> (milliseconds: Double, level: Int, rows: [UInt8], idatBytes: Int)? {
    let header = try PNGDecoder.header(png)
    guard header.colorType == .rgba, header.width * header.height <= PNGEncoder.wholeBufferPixelLimit,
        let levels = PNGEncoder.Options().wholeBufferLevels
    else { return nil }
    let image = try PNGDecoder.decode(png)
    let rowBytes = image.width * 4
    var rows = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
    for y in 0..<image.height {
        rows.replaceSubrange(y * (rowBytes + 1) + 1..<(y + 1) * (rowBytes + 1),
                             with: image.pixels[y * rowBytes..<(y + 1) * rowBytes])
    }
    let level = levels.level(forPixels: image.width * image.height)
    var times: [Double] = []
    var compressed: [UInt8] = []
    for _ in 0..<max(1, iterations) {
        times.append(rows.withUnsafeBufferPointer { buffer in milliseconds { compressed = WholeDeflate.zlib(buffer, level: level) } })
    }
    // The same bytes as the encoder's IDAT, or this timed something else.
    let idat = try PNGDecoder.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
    guard idat == compressed else { throw BenchError("deflate alone does not reproduce the PNG's image data") }
    return (median(times), level, rows, idat.count)
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("ringd-bench: \(error)\n".utf8))
    exit(2)
}
