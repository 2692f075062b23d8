import Testing
@testable import RingPNG

@Suite struct CRC32Tests {
    /// Known answers: the classic check value, and the CRC of an IEND chunk type as in every PNG.
    @Test func knownAnswers() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test func continuesFromInitialValue() {
        let whole = CRC32.checksum(Array("IHDRabc".utf8))
        let part = CRC32.checksum(Array("abc".utf8), initial: CRC32.checksum(Array("IHDR".utf8)))
        #expect(whole == part)
    }
}
