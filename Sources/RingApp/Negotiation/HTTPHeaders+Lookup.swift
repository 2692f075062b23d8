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
        return zip(name.utf8, lowercaseName.utf8).allSatisfy { a, b in
            (a >= 65 && a <= 90 ? a + 32 : a) == b
        }
    }
}
