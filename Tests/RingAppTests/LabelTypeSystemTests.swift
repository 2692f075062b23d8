import Foundation
import RingCore
import RingHTTP
import RingPNG
import Testing
@testable import RingApp

/// Issue 40 item 3, measured on the PNG's pixels: labels of eight scripts stand equally tall (each script scaled
/// to one capital height, every label set at the picture's one label size), no drawn label is under the
/// legible minimum, and a label that would be is left out. The label's ink is the difference between the
/// picture with the label and without it, black on white.
@Suite struct LabelTypeSystemTests {
    static let app = RingApplication()

    /// Same-length labels (three or four letters, two ideographs) whose ink spans exactly their script's
    /// reference band: capitals without accents, Hebrew and Thai letters without ascenders or descenders,
    /// Devanagari from the headline to the baseline, Arabic kaf and lam-alef from the baseline to the alif's top.
    static let labels: [(script: String, text: String)] = [
        ("Latin", "DONE"), ("Greek", "ΝΙΚΗ"), ("Cyrillic", "ПУСК"), ("Hebrew", "סגור"), ("Arabic", "كلا"),
        ("Devanagari", "कमल"), ("Thai", "ครบ"), ("CJK", "完了"),
    ]

    static func encoded(_ s: String) -> String {
        s.utf8.map { b in
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
                ? String(UnicodeScalar(b)) : String(format: "%%%02X", b)
        }.joined()
    }

    static func png(_ path: String, _ query: String) throws -> PNGImage {
        let response = GalleryCase(name: "type", path: path, query: query).respond(app, format: .png)
        try #require(response.status == .ok, "\(path)?\(query): \(String(decoding: response.body.prefix(200), as: UTF8.self))")
        return try PNGDecoder.decode(response.body)
    }

    /// Per row, the label's ink in pixels: how much darker each pixel is than with the label drawn white on white
    /// (the same layout: petals make room for any label), 0…1 each.
    static func inkRows(_ path: String, _ query: String, label: String) throws -> [Double] {
        let base = query + "&bg=white&label=" + encoded(label)
        let labelled = try png(path, base + "&labelColor=black"), plain = try png(path, base + "&labelColor=white")
        var rows = [Double](repeating: 0, count: labelled.height)
        for y in 0..<labelled.height {
            for x in 0..<labelled.width {
                let i = (y * labelled.width + x) * 4
                let darker = Int(plain.pixels[i + 1]) - Int(labelled.pixels[i + 1])
                if darker > 0 { rows[y] += Double(darker) / 255 }
            }
        }
        return rows
    }

    /// The height of the ink in pixels: the rows holding at least half a pixel of it, the partly covered edge
    /// rows counted by their share of the fullest row next to them (so the measure is finer than a pixel).
    static func inkHeight(_ rows: [Double]) -> Double {
        guard let top = rows.firstIndex(where: { $0 >= 0.5 }), let bottom = rows.lastIndex(where: { $0 >= 0.5 }),
            bottom > top + 1
        else { return 0 }
        let inner = Double(bottom - top - 1)
        let topShare = min(1, rows[top] / max(rows[top + 1], 1e-9))
        let bottomShare = min(1, rows[bottom] / max(rows[bottom - 1], 1e-9))
        return inner + topShare + bottomShare
    }

    @Test(arguments: [128, 256])
    func eightScriptsStandEquallyTall(_ size: Int) throws {
        for path in ["/ring", "/petals"] {
            var heights: [(String, Double)] = []
            for (script, text) in Self.labels {
                let height = Self.inkHeight(try Self.inkRows(path, "p=0.7&size=\(size)", label: text))
                heights.append((script, height))
                #expect(height >= RingLayout.minimumLabelCapHeight, "\(path) \(size) px \(script): \(height) px")
            }
            let values = heights.map(\.1), mean = values.reduce(0, +) / Double(values.count)
            let summary = heights.map { String(format: "%@ %.1f", $0.0, $0.1) }.joined(separator: ", ")
            print("\(path) \(size) px label heights: \(summary)")
            for (script, height) in heights {
                #expect(abs(height / mean - 1) <= 0.10, "\(path) \(size) px: \(script) \(height) px against a mean of \(mean): \(summary)")
            }
        }
    }

    /// Under the minimum the label is left out, `auto` and text alike: the picture equals the one without it.
    /// At three times the density the same request draws it.
    @Test func labelsUnderTheMinimumAreLeftOut() throws {
        for label in ["auto", "DONE", "完了"] {
            let small = try Self.png("/ring", "p=0.7&size=24&bg=white&labelColor=black&label=" + Self.encoded(label))
            let none = try Self.png("/ring", "p=0.7&size=24&bg=white&labelColor=black&label=none")
            #expect(small.pixels == none.pixels, "size=24 label=\(label) drew a label")
            let dense = try Self.inkRows("/ring", "p=0.7&size=24&scale=3", label: label)
            #expect(Self.inkHeight(dense) >= RingLayout.minimumLabelCapHeight, "size=24 scale=3 label=\(label)")
        }
    }

    /// The petals label is set at regular weight: its ink per pixel of height squared is well under the ring
    /// label's (bold) for the same text at the same size.
    @Test func petalsLabelIsRegularWeight() throws {
        func density(_ path: String) throws -> Double {
            let rows = try Self.inkRows(path, "p=0.7&size=256", label: "HOME")
            let height = Self.inkHeight(rows)
            return rows.reduce(0, +) / (height * height)
        }
        let ring = try density("/ring"), petals = try density("/petals")
        #expect(petals < 0.8 * ring, "petals \(petals) against ring \(ring)")
    }
}
