import Foundation
import LemmyMiddleware
import Testing

/// Replays the committed libFuzzer corpus (seeds from the test server's real answers in each
/// dialect, and every crasher `scripts/fuzz.sh` found, fixed) through the fuzz harness.
@Suite("Fuzz corpus") @MainActor
struct FuzzCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzCorpus")

    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test("Every seed decodes and merges into models (the fuzzer starts from real answers)")
    func seedsMerge() throws {
        let seeds = try Self.files().filter { $0.lastPathComponent.hasPrefix("seed-") }
        #expect(seeds.count >= 19)
        for seed in seeds {
            let merged = FuzzHarness.run(try Data(contentsOf: seed))
            #expect(merged > 0, "\(seed.lastPathComponent) merged nothing")
        }
    }

    @Test("Every corpus input, crashers included, runs without trapping")
    func replay() throws {
        let files = try Self.files()
        #expect(!files.isEmpty)
        for file in files { FuzzHarness.run(try Data(contentsOf: file)) }
    }
}
