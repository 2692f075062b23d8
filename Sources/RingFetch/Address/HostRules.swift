/// The host names, subdomain wildcards and networks of one policy flag (`--source-allow` or `--source-deny`).
struct HostRules: Sendable {
    /// Exact names, lowercased, without trailing dot.
    private(set) var names: Set<String> = []
    /// `.example.org` for each `*.example.org`: matches names ending so, at any depth, but not `example.org`
    /// itself (list it too for that), as DNS wildcards do.
    private(set) var suffixes: [String] = []
    /// Networks, and single addresses as /32 or /128.
    private(set) var networks: [IPNetwork] = []

    /// Reads every comma-separated entry of every element of `lists` (a flag may be repeated); throws naming `flag`
    /// and the first empty or invalid entry.
    init(_ lists: [String], flag: String) throws(AddressPolicyError) {
        for list in lists {
            for rawEntry in list.split(separator: ",", omittingEmptySubsequences: false) {
                let entry = rawEntry.trimmingSpaces()
                guard !entry.isEmpty else { throw AddressPolicyError("\(flag) has an empty entry in \"\(list)\"") }
                guard add(entry) else {
                    throw AddressPolicyError(
                        "\(flag): \"\(entry)\" is not a host name, *.domain, IP address or network (like 10.0.0.0/8)")
                }
            }
        }
    }

    /// Whether `name` (lowercase, no trailing dot, as in `SourceURL.Host.name`) is listed or under a wildcard.
    func matches(name: String) -> Bool {
        names.contains(name) || suffixes.contains { name.hasSuffix($0) }
    }

    /// Whether a listed network contains `address` (IPv4 networks include IPv4-mapped IPv6, see `IPNetwork`).
    func contains(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// Adds one entry; false when it is none of the accepted forms.
    private mutating func add(_ entry: Substring) -> Bool {
        if entry.contains("/") {
            guard let network = IPNetwork(entry) else { return false }
            networks.append(network)
            return true
        }
        if entry.hasPrefix("[") {
            // `[::1]`, as in a URL, where brackets hold IPv6 only.
            guard entry.hasSuffix("]"), let address = IPAddress(entry.dropFirst().dropLast()), case .v6 = address
            else { return false }
            networks.append(IPNetwork(address))
            return true
        }
        if let address = IPAddress(entry) {
            networks.append(IPNetwork(address))
            return true
        }
        let isWildcard = entry.hasPrefix("*.")
        // Read names as URL hosts are read, so an entry matches exactly the hosts URLs produce. An entry the URL
        // parser reads as an address (`127.1`, `0x7f.0.0.1`) is refused: written in a flag it is more likely a typo
        // than a wish, and `10.1` meaning 10.0.0.1 would surprise anyone who meant 10.1.0.0/16.
        guard case .name(let name)? = try? HostParser.host(Array((isWildcard ? entry.dropFirst(2) : entry).utf8)[...])
        else { return false }
        if isWildcard {
            suffixes.append("." + name)
        } else {
            names.insert(name)
        }
        return true
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs, so `a, b` lists `a` and `b`.
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
