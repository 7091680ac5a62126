@testable import LemmyMiddleware
import Testing

/// The identity map's weak entries: lookups read them in place, and a clean drops exactly the
/// entries whose object is gone.
@MainActor
struct WeakCacheTests {
    /// Counts its release in `releases`, as models do.
    private final class Object {
        let id: Int
        let releases: ReleaseCounter
        init(_ id: Int, _ releases: ReleaseCounter) {
            self.id = id
            self.releases = releases
        }
        deinit { releases.record() }
    }

    private let releases = ReleaseCounter()

    @Test("a lookup finds the live object itself, and nothing for a released one or an unknown key")
    func lookups() {
        let cache = WeakCache<Int, Object>(releases: releases)
        let kept = Object(1, releases)
        cache.insert(kept, for: 1)
        do {
            let released = Object(2, releases)
            cache.insert(released, for: 2)
            #expect(cache[2] === released)
        }
        #expect(cache[1] === kept)
        #expect(cache[2] == nil)
        #expect(cache[3] == nil)
        #expect(cache.count == 2)
    }

    /// Which of 50 objects stay alive: a clean removes a few dead entries one by one, copies the
    /// live ones out when most died, and drops everything when all did.
    enum Survivors: String, CaseIterable, CustomTestStringConvertible {
        case mostLive, fewLive, noneLive
        func keeps(_ id: Int) -> Bool {
            switch self {
            case .mostLive: !id.isMultiple(of: 3)
            case .fewLive: id.isMultiple(of: 3)
            case .noneLive: false
            }
        }
        var testDescription: String { rawValue }
    }

    @Test("clean drops the released entries and keeps every live one", arguments: Survivors.allCases)
    func cleanKeepsTheLive(_ survivors: Survivors) {
        let cache = WeakCache<Int, Object>(releases: releases)
        var kept: [Object] = []
        for id in 0..<50 {
            let object = Object(id, releases)
            cache.insert(object, for: id)
            if survivors.keeps(id) { kept.append(object) }
        }
        cache.clean()
        #expect(cache.scans == 1)
        #expect(cache.count == kept.count)
        #expect(cache.liveCount == kept.count)
        for object in kept { #expect(cache[object.id] === object) }
        for id in 0..<50 where !survivors.keeps(id) { #expect(cache[id] == nil) }
        // The cache still works after the clean, also once emptied.
        let late = Object(100, releases)
        cache.insert(late, for: 100)
        #expect(cache[100] === late)
        #expect(cache.count == kept.count + 1)
    }

    @Test("insertions clean on their own once they outnumber the entries")
    func insertionsClean() {
        let cache = WeakCache<Int, Object>(releases: releases)
        let kept = Object(-1, releases)
        cache.insert(kept, for: -1)
        for id in 0..<200 { cache.insert(Object(id, releases), for: id) }
        #expect(cache.count < 100)
        #expect(cache[-1] === kept)
    }

    @Test("while no value was released, cleans skip the scan; a release makes the next one scan")
    func cleansScanOnlyAfterReleases() {
        let cache = WeakCache<Int, Object>(releases: releases)
        let kept = (0..<300).map { Object($0, releases) }
        for object in kept { cache.insert(object, for: object.id) }
        cache.clean()
        #expect(cache.scans == 0)
        #expect(cache.count == kept.count)
        do {
            let released = Object(-1, releases)
            cache.insert(released, for: -1)
        }
        cache.clean()
        #expect(cache.scans == 1)
        #expect(cache.count == kept.count)
        #expect(cache[-1] == nil)
        for object in kept { #expect(cache[object.id] === object) }
    }
}
