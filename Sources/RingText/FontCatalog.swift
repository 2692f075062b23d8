import Glibc

/// Which font files labels are set in, in fallback order, and where to look for them.
///
/// Labels have one type system (issue 40): one weight and one size across scripts.
///
/// **Weight.** A character is drawn by the first face of the chain that has it. Each face is chosen so its stems,
/// measured against the height its script's letters are set to (see ``Entry/reference``), are as thick as every
/// other's. Measured on glyphs rendered at 1000 px (FreeType, Debian bookworm's files; stem = the ink run across a
/// vertical stem, height = the reference glyph's ink height):
///
/// | script      | bold face (label)        | stem/height | regular face (petals)       | stem/height |
/// |-------------|--------------------------|-------------|-----------------------------|-------------|
/// | Latin, Greek, Cyrillic | Inter Bold ("H") | 0.212     | Inter Regular                | 0.121       |
/// | (other alphabets) | Noto Sans Bold ("H")  | 0.211       | Noto Sans Regular            | 0.126       |
/// | Arabic      | Noto Sans Arabic Bold (alif) | 0.191   | Noto Sans Arabic Regular     | 0.113       |
/// | Devanagari  | Noto Sans Devanagari Bold (क, ि) | 0.215 | Noto Sans Devanagari Regular | 0.130      |
/// | Hebrew      | Noto Sans Hebrew Bold (ב, ו) | 0.252   | Noto Sans Hebrew Regular     | 0.155       |
/// | Thai        | Noto Sans Thai Bold (ก)   | 0.267      | Noto Sans Thai Regular       | 0.159       |
/// | CJK         | Noto Sans CJK JP Bold (国, 十) | 0.146 | Noto Sans CJK JP Regular     | 0.093       |
///
/// Inter Bold is the Inter weight whose stems match Noto Sans Bold's (0.212 against 0.211; SemiBold, the face
/// labels used before, is 0.180), so the Latin label weighs what the Noto faces of the other scripts weigh:
/// Arabic and Devanagari within 10 %; Hebrew and Thai are a step heavier and Noto Sans CJK Bold a step lighter
/// (the heaviest CJK face Debian ships in `fonts-noto-cjk`; Droid Sans Fallback, the face before it, has one
/// weight at 0.090, thinner than Noto Sans CJK Regular). Noto Sans has only Regular and Bold per script, so
/// Bold is the nearest to one weight. The petals label uses the regular chain of the same families.
///
/// **Size.** Every face is scaled so its reference height equals Inter's capital height: cased alphabets by
/// their capitals ("H"), caseless scripts by their letters' body — Hebrew bet, Arabic alif, Devanagari ka (the
/// headline's top to the baseline), Thai ko, and the ideographic face (国) for CJK. So "DONE", "ПУСК", "סגור",
/// "ครบ" and "完了" stand equally tall beside each other and in one line ("Build 完了 ✓").
/// Scripts without an entry here (Tamil, Khmer, Georgian, …) and the symbol faces keep their own em.
public enum FontCatalog {
    /// One face of a chain: its file, which face of a collection (`.ttc`) it is, and the character whose ink
    /// height is scaled to the primary face's capital height (nil: the face keeps its em).
    public struct Entry: Sendable, Hashable {
        public let file: String
        public let faceIndex: Int
        public let reference: Unicode.Scalar?

        init(_ file: String, face: Int = 0, reference: Unicode.Scalar? = nil) {
            self.file = file
            self.faceIndex = face
            self.reference = reference
        }
    }

    /// Which face of Noto Sans CJK's collections is loaded: the Japanese one, first in the file. The five
    /// regional faces cover the same characters and differ only in some glyph forms.
    static let cjkFace = 0

    /// The chain labels are set in (bold), in fallback order (Debian: fonts-inter, fonts-noto-core,
    /// fonts-noto-cjk, fonts-droid-fallback). Droid Sans Fallback stays last: it draws CJK when Noto Sans CJK is
    /// not installed (thinner, but better than refusing the label).
    public static let label: [Entry] = chain(weight: "Bold")

    /// The same families at regular weight: the petals label (seed 001 sets it in the system's regular body text).
    public static let regular: [Entry] = chain(weight: "Regular")

    /// The faces of one weight: Inter, Noto Sans, the Noto Sans faces of other scripts, symbols, CJK, Droid.
    static func chain(weight: String) -> [Entry] {
        let noto = weight == "Regular" ? "Regular" : "Bold"
        let referenced: [(String, Unicode.Scalar?)] = [
            ("NotoSans", "H"), ("NotoSansArabic", "\u{0627}"), ("NotoSansHebrew", "\u{05D1}"),
            ("NotoSansDevanagari", "\u{0915}"), ("NotoSansBengali", "\u{0995}"), ("NotoSansGurmukhi", "\u{0A15}"),
            ("NotoSansGujarati", nil), ("NotoSansTamil", nil), ("NotoSansTelugu", nil), ("NotoSansKannada", nil),
            ("NotoSansMalayalam", nil), ("NotoSansSinhala", nil), ("NotoSansThai", "\u{0E01}"),
            ("NotoSansLao", "\u{0E81}"), ("NotoSansKhmer", nil), ("NotoSansMyanmar", nil),
            ("NotoSansArmenian", "\u{0531}"), ("NotoSansGeorgian", nil), ("NotoSansEthiopic", nil),
        ]
        return [Entry("Inter-\(weight).otf", reference: "H")]
            + referenced.map { Entry("\($0.0)-\(noto).ttf", reference: $0.1) }
            + [
                Entry("NotoSansSymbols-\(noto).ttf"), Entry("NotoSansSymbols2-Regular.ttf"),
                Entry("NotoSansCJK-\(noto).ttc", face: cjkFace, reference: "\u{56FD}"),
                Entry("DroidSansFallbackFull.ttf", reference: "\u{56FD}"),
                Entry("DroidSansFallback.ttf", reference: "\u{56FD}"),
            ]
    }

    /// File names of the label chain in fallback order.
    public static var fallbackOrder: [String] { label.map(\.file) }

    /// The face badge texts are set in (Debian: fonts-dejavu-core): DejaVu Sans, shields.io's own fallback after
    /// Verdana and Geneva (`font-family="Verdana,Geneva,DejaVu Sans,sans-serif"`), so the face its badges show
    /// wherever Verdana is absent (Linux, and Chromium on it). Regular weight, as shields sets them; characters it
    /// lacks (CJK, Devanagari, …) come from ``fallbackOrder``'s faces.
    public static let badgeFace = "DejaVuSans.ttf"

    /// The path of ``badgeFace`` under `directories`, the first found; nil when it is not there.
    public static func locateBadgeFace(in directories: [String]) -> String? {
        var found: String?
        var budget = maxEntries
        for root in directories where found == nil {
            walk(root, depth: 0, budget: &budget) { name, path in
                if name == badgeFace, found == nil { found = path }
            }
        }
        return found
    }

    /// Where Debian's font packages put these files; searched (with their subfolders) when no folder is given.
    public static let systemDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// Deepest folder level searched below a root, and most entries read: a font folder is shallow, and a
    /// mistaken `--font-dir /` must not walk the whole disk.
    static let maxDepth = 4
    static let maxEntries = 20_000

    /// Every file either chain loads, found under `directories`, once each: the label chain in fallback order,
    /// then the regular chain's (what `ringd fonts` lists and a container image carries).
    public static func locate(in directories: [String]) -> [String] {
        var seen = Set<String>()
        return (locate(label, in: directories) + locate(regular, in: directories)).map(\.path).filter {
            seen.insert($0).inserted
        }
    }

    /// The entries of `chain` found under `directories`, with their paths, in fallback order (each name once:
    /// the first found wins, so `DroidSansFallback.ttf` is used only without the full face).
    public static func locate(_ chain: [Entry], in directories: [String]) -> [(entry: Entry, path: String)] {
        var found: [String: String] = [:]
        var budget = maxEntries
        let wanted = Set(chain.map(\.file))
        for root in directories {
            walk(root, depth: 0, budget: &budget) { name, path in
                if wanted.contains(name), found[name] == nil { found[name] = path }
            }
        }
        var located = chain.compactMap { entry in found[entry.file].map { (entry: entry, path: $0) } }
        if found["DroidSansFallbackFull.ttf"] != nil {
            located.removeAll { $0.entry.file == "DroidSansFallback.ttf" }
        }
        return located
    }

    /// Calls `visit(name, path)` for every regular file under `directory`, in name order.
    private static func walk(_ directory: String, depth: Int, budget: inout Int, visit: (String, String) -> Void) {
        guard depth <= maxDepth, budget > 0, let dir = opendir(directory) else { return }
        var entries: [(name: String, isDirectory: Bool)] = []
        while budget > 0, let entry = readdir(dir) {
            budget -= 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { entries.append((name, true)) } else if kind == S_IFREG { entries.append((name, false)) }
        }
        closedir(dir)
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
            if entry.isDirectory {
                walk(path, depth: depth + 1, budget: &budget, visit: visit)
            } else {
                visit(entry.name, path)
            }
        }
    }
}
