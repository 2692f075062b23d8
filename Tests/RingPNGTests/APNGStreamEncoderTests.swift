import RingRaster
import Testing
@testable import RingPNG

/// The streaming APNG writer: same bytes as the whole-array encoder, frame by frame.
@Suite struct APNGStreamEncoderTests {
    @Test(arguments: [false, true])
    func streamEqualsWholeArrayEncoding(opaque: Bool) {
        let frames = (1...6).map { k in
            TestImages.ring(size: 48, sweep: 0.73 * Double(k) / 6, gradientSweep: 0.73, background: opaque ? TestImages.RGB(1, 1, 1) : nil)
        }
        let delays: [APNGDelay] = (0..<6).map { .milliseconds(30 + $0) }
        let expected = APNGEncoder.encode(
            frames: APNGEncoder.deltaFrames(frames, delays: delays), defaultImage: frames[5], plays: 1)
        var stream = APNGStreamEncoder(defaultImage: frames[5], frameCount: 6, plays: 1)
        for (frame, delay) in zip(frames, delays) {
            let accepted = stream.append(frame, delay: delay)
            #expect(accepted)
        }
        #expect(stream.framesWritten == 6)
        let bytes = stream.finish()
        #expect(bytes == expected)
    }

    @Test func transparentFrameOnAnOpaqueCanvasIsRefusedNotMangled() throws {
        let opaque = TestImages.ring(size: 32, background: TestImages.RGB(0, 0, 0))
        let clear = TestImages.ring(size: 32)
        var stream = APNGStreamEncoder(defaultImage: opaque, frameCount: 2)
        let accepted = stream.append(clear, delay: .milliseconds(40))
        #expect(!accepted)
        #expect(stream.framesWritten == 0)
        // With alpha allowed the same frames go through.
        var rgba = APNGStreamEncoder(defaultImage: opaque, frameCount: 2, options: .init(allowsRGB: false))
        let first = rgba.append(clear, delay: .milliseconds(40)), second = rgba.append(opaque, delay: .milliseconds(40))
        #expect(first && second)
        let bytes = rgba.finish()
        let decoded = try PNGDecoder.decodeAnimation(bytes)
        #expect(decoded.frames.count == 2)
        #expect(decoded.frames[1].canvas == decoded.defaultImage)
    }
}
