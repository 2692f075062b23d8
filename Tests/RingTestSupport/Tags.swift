import Testing

/// The tags that split the suites into tiers. `scripts/test --quick` skips every test carrying one of them;
/// the full `scripts/test` (the README's and CI's command) runs them all.
extension Tag {
    /// Opens real sockets: a live `HTTPServer` or ringd, a test upstream, loopback clients. Slower, and
    /// sensitive to a loaded machine's scheduling.
    @Tag public static var liveSocket: Self
    /// Runs an independent tool as an oracle (rsvg-convert, xmllint, pngcheck, Python with Pillow or h11).
    @Tag public static var externalTool: Self
    /// Takes seconds of CPU on its own (large renders, many cases, long sequences).
    @Tag public static var slow: Self
}
