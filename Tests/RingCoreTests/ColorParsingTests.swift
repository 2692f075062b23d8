import Testing
@testable import RingCore

@Suite struct ColorParsingTests {
    @Test(arguments: [
        ("#f80", Color(r: 0xFF, g: 0x88, b: 0x00)),
        ("f80", Color(r: 0xFF, g: 0x88, b: 0x00)),
        ("#F80", Color(r: 0xFF, g: 0x88, b: 0x00)),
        ("#f808", Color(r: 0xFF, g: 0x88, b: 0x00, a: 0x88)),
        ("f80A", Color(r: 0xFF, g: 0x88, b: 0x00, a: 0xAA)),
        ("#1a2B3c", Color(r: 0x1A, g: 0x2B, b: 0x3C)),
        ("1A2B3C", Color(r: 0x1A, g: 0x2B, b: 0x3C)),
        ("#1a2b3c80", Color(r: 0x1A, g: 0x2B, b: 0x3C, a: 0x80)),
        ("1A2B3C00", Color(r: 0x1A, g: 0x2B, b: 0x3C, a: 0)),
        ("#000", Color.black),
        ("ffffff", Color.white),
    ])
    func hexForms(text: String, expected: Color) {
        #expect(Color(parsing: text) == expected)
        #expect(Color(hexString: text) == expected)
    }

    @Test func bareHexThatLooksLikeAWordIsHex() {
        #expect(Color(parsing: "add") == Color(r: 0xAA, g: 0xDD, b: 0xDD))
        #expect(Color(parsing: "bee") == Color(r: 0xBB, g: 0xEE, b: 0xEE))
        #expect(Color(parsing: "fade") == Color(r: 0xFF, g: 0xAA, b: 0xDD, a: 0xEE))
        #expect(Color(parsing: "decade") == Color(hex: 0xDECADE))
    }

    /// Names win over hex, which only stays unambiguous while no name is spelled with hex digits alone.
    @Test func noNameIsAlsoHex() {
        for entry in NamedColors.palette + NamedColors.system + NamedColors.css {
            #expect(Color(hexString: entry.name) == nil, "\(entry.name) would be ambiguous")
        }
    }

    @Test(arguments: ["LightRed", "lightred", "LIGHTRED", "lightRed", "lIgHtReD"])
    func namesIgnoreCase(text: String) {
        #expect(Color(parsing: text) == Color(hex: 0xE74C3C))
    }

    /// The values exactly as seed 000 writes them, `Color(red:green:blue:)` in 0…255.
    @Test func seedPalette() {
        let seed: [(String, Int, Int, Int)] = [
            ("lightRed", 231, 76, 60), ("darkRed", 192, 57, 43), ("lightGreen", 46, 204, 113),
            ("darkGreen", 39, 174, 96), ("lightPurple", 155, 89, 182), ("darkPurple", 142, 68, 173),
            ("lightBlue", 52, 152, 219), ("darkBlue", 41, 128, 185), ("lightYellow", 241, 196, 15),
            ("darkYellow", 243, 156, 18), ("lightOrange", 230, 126, 34), ("darkOrange", 211, 84, 0),
            ("purpleBg", 69, 51, 201),
        ]
        #expect(NamedColors.palette.map(\.name) == seed.map(\.0))
        for (name, r, g, b) in seed {
            let expected = Color(r: UInt8(r), g: UInt8(g), b: UInt8(b))
            #expect(Color(parsing: name) == expected, "\(name)")
            #expect(Color(parsing: name.uppercased()) == expected, "\(name)")
        }
    }

    @Test func paletteShadowsCSSNamesSpelledAlike() {
        #expect(Color(parsing: "darkred") == NamedColors.darkRed)
        #expect(Color(parsing: "lightyellow") == NamedColors.lightYellow)
        #expect(Color(parsing: "lightgreen") == NamedColors.lightGreen)
        #expect(!NamedColors.allNames.contains("darkred"))
        #expect(!NamedColors.allNames.contains("lightyellow"))
    }

    @Test func systemColors() {
        #expect(Color(parsing: "systemGray") == Color(hex: 0x8E8E93))
        #expect(Color(parsing: "systemGray2") == Color(hex: 0xAEAEB2))
        #expect(Color(parsing: "systemGray3") == Color(hex: 0xC7C7CC))
        #expect(Color(parsing: "systemGray4") == Color(hex: 0xD1D1D6))
        #expect(Color(parsing: "systemGray5") == Color(hex: 0xE5E5EA))
        #expect(Color(parsing: "SYSTEMGRAY6") == Color(hex: 0xF2F2F7))
        #expect(Color(parsing: "systemBlue") == Color(hex: 0x007AFF))
        #expect(Color(parsing: "systemGray7") == nil)
        for name in ["Red", "Green", "Blue", "Orange", "Yellow", "Pink", "Purple", "Teal", "Indigo"] {
            #expect(Color(parsing: "system" + name) != nil, "system\(name)")
        }
    }

    @Test func cssNames() {
        // 148 CSS Color 4 names, plus `transparent` and `clear`.
        #expect(NamedColors.css.count == 150)
        #expect(Set(NamedColors.css.map(\.name)).count == 150)
        #expect(Color(parsing: "rebeccapurple") == Color(hex: 0x663399))
        #expect(Color(parsing: "RebeccaPurple") == Color(hex: 0x663399))
        #expect(Color(parsing: "red") == Color(hex: 0xFF0000))
        #expect(Color(parsing: "lightgoldenrodyellow") == Color(hex: 0xFAFAD2))
        #expect(Color(parsing: "gray") == Color(parsing: "grey"))
        #expect(Color(parsing: "transparent")?.a == 0)
        #expect(Color(parsing: "clear") == .transparent)
    }

    /// shields.io's names that CSS lacks are accepted in shields' shades; where CSS has the name, CSS wins, so no
    /// ring drawn with a CSS name before changes colour (issue 18, item 3).
    @Test func shieldsNames() {
        #expect(Color(parsing: "brightgreen") == Color(hex: 0x44CC11))
        #expect(Color(parsing: "success") == Color(hex: 0x44CC11))
        #expect(Color(parsing: "important") == Color(hex: 0xFE7D37))
        #expect(Color(parsing: "critical") == Color(hex: 0xE05D44))
        #expect(Color(parsing: "informational") == Color(hex: 0x007EC6))
        #expect(Color(parsing: "inactive") == Color(hex: 0x9F9F9F))
        #expect(Color(parsing: "red") == Color(hex: 0xFF0000))
        #expect(Color(parsing: "lightgrey") == Color(hex: 0xD3D3D3))
    }

    @Test func everyListedNameParses() {
        #expect(NamedColors.allNames.count == 13 + 18 + 150 - 7 + 6)
        for name in NamedColors.allNames {
            #expect(NamedColors.named(name) != nil, "\(name)")
        }
        #expect(NamedColors.allNames.starts(with: ["lightRed", "darkRed"]))
        #expect(NamedColors.allNames.contains("systemGray6"))
    }

    @Test(arguments: [
        "", "#", "##fff", "#fff#", "#12", "12", "#12345", "#1234567", "#123456789", "gg0000", "#ggg", "red;",
        " red", "red ", "re d", "rgb(0,0,0)", "0x123456", "#-12", "+123", "move", "systemgray 6",
        "ｒｅｄ", "r\u{0435}d", "blac\u{212A}", "#ff\u{0660}", "🔴", "red\u{0000}",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(Color(parsing: text) == nil)
    }

    @Test func rejectsHugeInputQuickly() {
        let huge = String(repeating: "a", count: 10_000)
        #expect(Color(parsing: huge) == nil)
        #expect(Color(parsing: "#" + huge) == nil)
        // Both lookups stop after a handful of bytes; scanning 200 MB instead would take seconds.
        let enormous = String(repeating: "f", count: 1_000_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<200 { #expect(Color(parsing: enormous[...]) == nil) }
        }
        #expect(elapsed < .milliseconds(500))
    }

    @Test func acceptsSubstrings() {
        let query = "color=lightRed&track=#abc"
        #expect(Color(parsing: query.split(separator: "=")[1].split(separator: "&")[0]) == NamedColors.lightRed)
        #expect(Color(parsing: query.suffix(4)) == Color(hex: 0xAABBCC))
    }
}

@Suite struct ActivityPresetTests {
    @Test func presets() throws {
        #expect(NamedColors.gradientPresetNames == ["move", "exercise", "stand"])
        #expect(NamedColors.gradientPreset("move")?.stops == [Color(hex: 0xD21331), Color(hex: 0xFF3287)])
        #expect(NamedColors.gradientPreset("Exercise")?.stops == [Color(hex: 0x3FD400), Color(hex: 0xB8FF00)])
        #expect(NamedColors.gradientPreset("STAND")?.stops == [Color(hex: 0x00BAE1), Color(hex: 0x00FECF)])
        #expect(NamedColors.gradientPreset("run") == nil)
        #expect(NamedColors.gradientPreset("red") == nil)
        #expect(NamedColors.gradientPreset(String(repeating: "m", count: 10_000)) == nil)
    }

    @Test func darkTracksKeepTheHueAtLowBrightness() {
        let move = NamedColors.move.stops[0].darkTrack()
        let exercise = NamedColors.exercise.stops[0].darkTrack()
        let stand = NamedColors.stand.stops[0].darkTrack()
        #expect(move == Color(r: 61, g: 6, b: 14))  // dark red
        #expect(exercise == Color(r: 18, g: 61, b: 0))  // dark green
        #expect(stand == Color(r: 0, g: 51, b: 61))  // dark cyan
        for track in [move, exercise, stand] {
            #expect(max(track.r, track.g, track.b) == 61)
        }
    }

    @Test func darkTrackOfGreysAndTranslucentColours() {
        #expect(Color.black.darkTrack() == Color(r: 61, g: 61, b: 61))
        #expect(Color.white.darkTrack() == Color(r: 61, g: 61, b: 61))
        #expect(Color(r: 10, g: 20, b: 40, a: 128).darkTrack() == Color(r: 15, g: 31, b: 61, a: 128))
    }
}
