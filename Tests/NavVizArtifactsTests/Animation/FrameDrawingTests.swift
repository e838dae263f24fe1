import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// Frames drawn by Graphviz worker processes: a bundle is the same whatever number of workers
/// draws it (`jobs`), with every option that shapes the frames, and the PNG frames drawn only
/// for the GIF are not kept.
///
/// `jobs` sizes this process's worker pool, which tests running beside these share and size
/// too (each call sets it): a call asking for one worker may get two. Either way the bundles
/// compared were drawn by different numbers of workers, each taking a run of consecutive
/// frames, and must not differ.
struct FrameDrawingTests {
    @Test(arguments: ["nivelir-deeplink.script.json", "tab-switch.sequence.json"])
    func workerCountsGiveTheSameFiles(sample: String) throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let one = tmp.appendingPathComponent("jobs1"), three = tmp.appendingPathComponent("jobs3")
        if sample == "nivelir-deeplink.script.json" {
            _ = try AnimationBundleTests.deeplink(to: one)
        } else {
            _ = try Animation.write(PackagePaths.sample(sample), to: one.path, options: .with { $0.png = true; $0.gif = true; $0.jobs = 1 })
        }
        _ = try Animation.write(PackagePaths.sample(sample), to: three.path, options: .with { $0.png = true; $0.gif = true; $0.jobs = 3 })
        #expect(Scratch.tree(one).contains("animation.gif") && Scratch.tree(one).contains("frames/0001.png"))
        try Bundles.expectSame(one, three, "one worker and three")
        // Only `png` keeps the PNG frames the GIF was made from.
        let gif = tmp.appendingPathComponent("gif")
        _ = try Animation.write(PackagePaths.sample(sample), to: gif.path, options: .with { $0.gif = true; $0.jobs = 2 })
        #expect(Scratch.tree(gif).contains("animation.gif") && !Scratch.tree(gif).contains { $0.hasSuffix(".png") })
    }

    /// With every option that shapes the frames set, two workers draw what one draws.
    @Test func workersDrawWithEveryFrameOption() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        var bundles: [URL] = []
        for jobs in [1, 2] {
            let out = tmp.appendingPathComponent("jobs\(jobs)")
            _ = try Animation.write(PackagePaths.sample("tab-switch.sequence.json"), to: out.path, options: .with {
                $0.png = true
                $0.jobs = jobs
                $0.granularity = .op
                $0.theme = .dark
                $0.timeline.redact = true
                $0.timeline.dialect = .katana
            })
            bundles.append(out)
        }
        try Bundles.expectSame(bundles[0], bundles[1], "one worker and two")
    }
}
