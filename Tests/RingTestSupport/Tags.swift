import Testing

/// The tags that split the suites into tiers. `scripts/test --quick` skips every test carrying one of them;
/// the full `scripts/test` (the README's and CI's command) runs them all.
extension Tag {
    /// Opens real sockets: a live `HTTPServer` or ringd, a test upstream, loopback clients. Slower, and
    /// sensitive to a loaded machine's scheduling.
    @Tag public static var liveSocket: Self
    /// Runs an independent tool as an oracle (rsvg-convert, xmllint, pngcheck, Python with Pillow or h11).
    @Tag public static var externalTool: Self
    /// Takes many seconds of CPU on its own in a debug build (every gallery case rendered and compared, frame
    /// sequences): over ~15 s each on this project's 2-core machine, four of them most of the quick tier's time.
    @Tag public static var slow: Self
}
