import Glibc

/// Which font files labels are set in, in fallback order, and where to look for them.
///
/// A character is drawn by the first face in ``fallbackOrder`` that has it: Inter SemiBold (the closest open
/// face to the seeds' system font, which covers Latin, Greek and Cyrillic), then Noto Sans Bold for the rest of
/// those alphabets, the Noto Sans faces of other scripts (bold, nearest Inter SemiBold's weight where Noto has
/// one), symbols, and a CJK face last (it covers a little of everything, in a different design).
public enum FontCatalog {
    /// File names in fallback order (Debian: fonts-inter, fonts-noto-core, fonts-droid-fallback).
    public static let fallbackOrder: [String] = [
        "Inter-SemiBold.otf",
        "NotoSans-Bold.ttf",
        "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansDevanagari-Bold.ttf",
        "NotoSansBengali-Bold.ttf", "NotoSansGurmukhi-Bold.ttf", "NotoSansGujarati-Bold.ttf",
        "NotoSansTamil-Bold.ttf", "NotoSansTelugu-Bold.ttf", "NotoSansKannada-Bold.ttf",
        "NotoSansMalayalam-Bold.ttf", "NotoSansSinhala-Bold.ttf", "NotoSansThai-Bold.ttf", "NotoSansLao-Bold.ttf",
        "NotoSansKhmer-Bold.ttf", "NotoSansMyanmar-Bold.ttf", "NotoSansArmenian-Bold.ttf",
        "NotoSansGeorgian-Bold.ttf", "NotoSansEthiopic-Bold.ttf",
        "NotoSansSymbols-Bold.ttf", "NotoSansSymbols2-Regular.ttf",
        "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf",
    ]

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

    /// The paths of the catalogue's files found under `directories`, in fallback order (each name once: the
    /// first found wins, so `DroidSansFallback.ttf` is used only without the full face).
    public static func locate(in directories: [String]) -> [String] {
        var found: [String: String] = [:]
        var budget = maxEntries
        let wanted = Set(fallbackOrder)
        for root in directories {
            walk(root, depth: 0, budget: &budget) { name, path in
                if wanted.contains(name), found[name] == nil { found[name] = path }
            }
        }
        var paths = fallbackOrder.compactMap { found[$0] }
        if found["DroidSansFallbackFull.ttf"] != nil, let plain = found["DroidSansFallback.ttf"] {
            paths.removeAll { $0 == plain }
        }
        return paths
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
