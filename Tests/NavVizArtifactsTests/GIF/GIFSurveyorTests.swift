import Testing
@testable import NavVizArtifacts
@testable import NavVizRender

/// The GIF's survey made while the frames are drawn (``GIFSurveyor``): the same GIF as the
/// survey made from the files afterwards, without reading a frame for it; a frame never
/// handed over makes the GIF survey the files as before; unreadable frames are named.
struct GIFSurveyorTests {
    /// 60 frames (more than the sample holds: every 2nd is sampled, and the last) and a
    /// failure off the sample's grid (frame 7), sampled too.
    /// Hands out `pngs` as the GIF asks for them, counting how often it asked.
    final class Reader {
        let pngs: [[UInt8]]
        var reads = 0
        init(_ pngs: [[UInt8]]) { self.pngs = pngs }
        func png(_ i: Int) throws(GIFEncoder.GIFError) -> [UInt8] {
            reads += 1
            return pngs[i]
        }
    }

    static func frames() throws -> (pngs: [[UInt8]], mustKeep: (Int) -> Bool) {
        let drawn = try GIFLimitTests.pngs()
        return ((0..<60).map { drawn[$0 % drawn.count] }, { $0 == 7 })
    }

    @Test func sampleIsTheSurveysSample() throws {
        let sample = GIFEncoder.Survey.sample(Array(0..<60), sampling: { $0 == 7 })
        #expect(sample == Array(stride(from: 0, to: 60, by: 2)).filter { $0 < 7 } + [7] + Array(stride(from: 8, to: 60, by: 2)) + [59])
        let surveyor = GIFSurveyor(count: 60) { $0 == 7 }
        #expect((0..<60).filter(surveyor.isSampled) == sample)
        // Up to 48 frames, every frame.
        #expect(GIFEncoder.Survey.sample(Array(0..<48), sampling: { _ in false }) == Array(0..<48))
    }

    @Test func surveyedWhileDrawnGivesTheSameGIF() throws {
        let (pngs, mustKeep) = try Self.frames()
        let reader = Reader(pngs)
        let png = reader.png
        let afterwards = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, mustKeep: mustKeep, png: png)
        let surveyor = GIFSurveyor(count: pngs.count, sampling: mustKeep)
        // Handed over in any order, as chunks of frames are drawn.
        for i in (0..<pngs.count).reversed() { surveyor.add(i, png: pngs[i]) }
        reader.reads = 0
        let drawn = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, mustKeep: mustKeep, png: png, surveyor: surveyor)
        #expect(reader.reads == pngs.count)  // each frame read once, to draw it into the GIF
        #expect(drawn.gif == afterwards.gif)
        #expect(drawn.fit == afterwards.fit)
        let survey = try #require(try surveyor.survey())
        let sizes = pngs.compactMap(PNGReader.size)
        #expect(survey.width == sizes.map(\.width).max() && survey.height == sizes.map(\.height).max())
        #expect(!survey.colors.isEmpty)
    }

    @Test func aFrameNotHandedOverSurveysTheFiles() throws {
        let (pngs, mustKeep) = try Self.frames()
        let reader = Reader(pngs)
        let png = reader.png
        let surveyor = GIFSurveyor(count: pngs.count, sampling: mustKeep)
        for i in 0..<pngs.count where i != 30 { surveyor.add(i, png: pngs[i]) }
        #expect(try surveyor.survey() == nil)
        let drawn = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, mustKeep: mustKeep, png: png, surveyor: surveyor)
        #expect(reader.reads == 2 * pngs.count)  // read for the survey, then to draw
        #expect(drawn.gif == (try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, mustKeep: mustKeep, png: png)).gif)
        // A surveyor of another frame count is not used either.
        let other = GIFSurveyor(count: 3) { _ in false }
        for i in 0..<3 { other.add(i, png: pngs[i]) }
        reader.reads = 0
        _ = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, mustKeep: mustKeep, png: png, surveyor: other)
        #expect(reader.reads == 2 * pngs.count)
    }

    @Test(arguments: [7, 8, 9])  // the failure (sampled), a sampled frame, a frame outside the sample
    func unreadableFramesAreNamed(broken: Int) throws {
        let (pngs, mustKeep) = try Self.frames()
        let surveyor = GIFSurveyor(count: pngs.count, sampling: mustKeep)
        // Frame 9's header is cut (no size); a sampled frame's pixels are cut.
        for i in 0..<pngs.count { surveyor.add(i, png: i != broken ? pngs[i] : broken == 9 ? [1, 2, 3] : Array(pngs[i].prefix(pngs[i].count / 2))) }
        #expect(throws: GIFEncoder.GIFError.unreadableFrame(broken)) { try surveyor.survey() }
    }

    /// Band by band, a frame's colours are its colours counted whole; a band whose bytes are
    /// the frame before's is not read: its counts are the ones given for that frame.
    @Test func bandsUnchangedSinceTheFrameBeforeAreNotCounted() throws {
        let pngs = try GIFLimitTests.pngs()
        let scratch = GIFFrames.Scratch(), band = GIFColorCounts(bits: 4), total = GIFColorCounts()
        let (a, b) = (pngs[0], pngs[1])
        let first = try #require(GIFFrames.colors(a, after: nil, reader: scratch.reader, counts: band, total: total))
        #expect(first.colors == GIFFrames.colors(a, scratch: scratch))
        #expect(first.bands.count == (PNGReader.size(a)!.height + 15) / 16)
        let second = try #require(GIFFrames.colors(b, after: (a, first.bands), reader: scratch.reader, counts: band, total: total))
        #expect(second.colors == GIFFrames.colors(b, scratch: scratch))
        // Given other counts for the frame before, the bands equal to its bands take them.
        var unchanged = 0
        _ = scratch.reader.read(b, after: a, row: { _, _ in }, unchanged: { _ in unchanged += 1 })
        #expect(unchanged > 0)
        let marked = first.bands.map { _ in [GIFColorCounts.Count(key: 0x00AB_CDEF, count: 1)] }
        let taken = try #require(GIFFrames.colors(b, after: (a, marked), reader: scratch.reader, counts: band, total: total))
        #expect(taken.colors[0xEFCDAB] == unchanged)
        // A frame that is not navviz's banded PNG is not counted band by band.
        #expect(GIFFrames.colors([1, 2, 3], after: nil, reader: scratch.reader, counts: band, total: total) == nil)
    }
}
