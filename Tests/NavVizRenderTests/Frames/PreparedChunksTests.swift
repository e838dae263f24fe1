import Foundation
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// `animate` overlaps chunks of frames: the next chunk is prepared
/// (``AnimationRenderer/Drawing/prepare(_:png:firstNumber:captions:maxPixels:)``) while the
/// one before is finished on another thread. A chunk finished late, or on another thread,
/// gives the frames a chunk rendered in order gives: the same SVG and PNG bytes, the same
/// scenes.
struct PreparedChunksTests {
    static func frames(transitions: Int, seed: UInt64) throws -> [AnimationFrame] {
        let timeline = TimelineBuilder.build(try DocumentReader.log(Array(SessionLog.ndjson(transitions: transitions, seed: seed).utf8)))
        return AnimationPlan.frames(timeline, theme: .light)
    }

    /// Every chunk prepared before any is finished (the PNG frames of each drawn only once
    /// the chunk before has its own), then finished on another thread, last first.
    @Test(arguments: [false, true])
    func chunksFinishedLateGiveTheSameFrames(png: Bool) throws {
        let frames = try Self.frames(transitions: png ? 24 : 60, seed: 5)
        let chunks = stride(from: 0, to: frames.count, by: 16).map { $0..<min($0 + 16, frames.count) }
        #expect(chunks.count >= 3)
        func captions(_ chunk: Range<Int>) -> [[String]] { chunk.map { ["Frame \($0 + 1)/\(frames.count)", "caption"] } }

        let inOrder = try AnimationRenderer.prepare(frames, layout: .stable)
        var expected: [AnimationRenderer.Rendered] = []
        for chunk in chunks {
            expected += try inOrder.render(Array(frames[chunk]), png: png, firstNumber: chunk.lowerBound + 1, captions: captions(chunk))
        }

        let ahead = try AnimationRenderer.prepare(frames, layout: .stable)
        var prepared: [AnimationRenderer.Drawing.Prepared] = []
        for chunk in chunks {
            prepared.append(try ahead.prepare(Array(frames[chunk]), png: png, firstNumber: chunk.lowerBound + 1, captions: captions(chunk)))
        }
        let finished = Finished(count: chunks.count)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { [prepared] in
            for k in prepared.indices.reversed() { finished.set(k, Result { () throws(RenderError) in try prepared[k].finish() }) }
        }
        done.wait()
        let got = try finished.all().flatMap { $0 }
        #expect(got.count == frames.count)
        for (i, (a, b)) in zip(expected, got).enumerated() {
            #expect(a.svg == b.svg, "frame \(i + 1): SVG")
            #expect(a.png == b.png, "frame \(i + 1): PNG")
            #expect(a.scene == b.scene, "frame \(i + 1): scene")
            #expect((b.png != nil) == png, "frame \(i + 1)")
        }
    }

    /// Chunks finished on another thread, kept by chunk.
    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[AnimationRenderer.Rendered], RenderError>?]
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func set(_ k: Int, _ result: Result<[AnimationRenderer.Rendered], RenderError>) { lock.withLock { results[k] = result } }
        func all() throws -> [[AnimationRenderer.Rendered]] { try lock.withLock { results }.map { try #require($0).get() } }
    }
}
