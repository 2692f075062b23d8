import RingHTTP

extension HTTPHeaders {
    /// The values of the fields named `lowercaseName` (ASCII case-insensitive), in order.
    ///
    /// Unlike `values(for:)` it compares names byte by byte without lowercasing copies, and returns at
    /// once without allocating when no field matches: it runs on every cache hit, for headers most
    /// requests do not send.
    func valuesIgnoringCase(_ lowercaseName: String) -> [String] {
        var values: [String] = []
        for field in self where Self.nameMatches(field.name, lowercaseName) {
            values.append(field.value)
        }
        return values
    }

    private static func nameMatches(_ name: String, _ lowercaseName: String) -> Bool {
        guard name.utf8.count == lowercaseName.utf8.count else { return false }
        // Over contiguous bytes, not `zip` of the two `UTF8View`s: their iterators cost about 300 instructions
        // per name compared (callgrind, a browser's request: docs/performance.md).
        var name = name, lowercaseName = lowercaseName
        return name.withUTF8 { a in
            lowercaseName.withUTF8 { b in
                for i in 0..<a.count where (a[i] >= 65 && a[i] <= 90 ? a[i] + 32 : a[i]) != b[i] { return false }
                return true
            }
        }
    }
}
