import RingFetch

/// libFuzzer target for the `src` URL parser and the address policy: whatever text a client puts in `src=` or an
/// upstream in `Location`, a URL that parses prints as a URL that parses back to itself, and a literal address
/// that is not public is never allowed unless an allow entry covers it.
///
/// Input layout: UTF-8 text; the first line is the URL, the second a redirect's `Location` resolved against it.
@_cdecl("LLVMFuzzerTestOneInput")
public func sourceURLFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let first = String(lines[0])
    if let url = try? SourceURL(parsing: first) {
        check(url)
        if lines.count > 1, let next = try? url.resolving(lines[1]) { check(next) }
    }
    // The address and network parsers on their own, as `--source-allow` entries reach them.
    if let address = IPAddress(first) {
        if IPAddress(address.description) != address { fatalError("\(address) does not parse back to itself") }
        if IPAddress(bytes: address.bytes) != address { fatalError("\(address) does not survive its bytes") }
        _ = address.kind.phrase
    }
    if let network = IPNetwork(first), !network.description.isEmpty, IPNetwork(network.description) != network {
        fatalError("network \(network) does not parse back to itself")
    }
    return 0
}

/// Plain http allowed so the address rules, not the scheme rule, decide.
let openPolicy = try! AddressPolicy(allowHTTP: true)
/// A policy with allow and deny entries, as an operator writes them.
let listedPolicy = try! AddressPolicy(allowHTTP: true, allow: ["127.0.0.0/8", "example.org", "fd00::/8"], deny: ["10.0.0.0/8", "evil.example"])

func check(_ url: SourceURL) {
    guard let again = try? SourceURL(parsing: url.description) else {
        fatalError("\(url) does not parse back")
    }
    if again != url { fatalError("\(url) parses back as \(again)") }
    if url.hostHeader.isEmpty { fatalError("\(url) has an empty Host") }
    if url.target.first != "/" { fatalError("\(url) has the target \(url.target)") }
    if url.target.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) { fatalError("\(url) has a raw byte in its target") }
    guard case .address(let address) = url.host else { return }
    let refused = openPolicy.check(url) ?? openPolicy.check(address, for: url)
    if address.kind != .public, refused == nil { fatalError("\(address) (\(address.kind)) was allowed") }
    let listed = listedPolicy.check(url) ?? listedPolicy.check(address, for: url)
    if address.kind != .public, listed == nil,
       !(IPNetwork("127.0.0.0/8")!.contains(address) || IPNetwork("fd00::/8")!.contains(address)) {
        fatalError("\(address) (\(address.kind)) was allowed by a list that does not cover it")
    }
    if IPNetwork("10.0.0.0/8")!.contains(address), listed == nil { fatalError("\(address) passed --source-deny") }
}
