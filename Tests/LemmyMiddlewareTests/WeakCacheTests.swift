@testable import LemmyMiddleware
import Testing

/// The identity map's weak entries: lookups read them in place, and a clean drops exactly the
/// entries whose object is gone.
@MainActor
struct WeakCacheTests {
    private final class Object {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test("a lookup finds the live object itself, and nothing for a released one or an unknown key")
    func lookups() {
        let cache = WeakCache<Int, Object>()
        let kept = Object(1)
        cache.insert(kept, for: 1)
        do {
            let released = Object(2)
            cache.insert(released, for: 2)
            #expect(cache[2] === released)
        }
        #expect(cache[1] === kept)
        #expect(cache[2] == nil)
        #expect(cache[3] == nil)
        #expect(cache.count == 2)
    }

    @Test("clean drops the released entries and keeps every live one")
    func cleanKeepsTheLive() {
        let cache = WeakCache<Int, Object>()
        var kept: [Object] = []
        for id in 0..<50 {
            let object = Object(id)
            cache.insert(object, for: id)
            if id.isMultiple(of: 3) { kept.append(object) }
        }
        cache.clean()
        #expect(cache.count == kept.count)
        #expect(cache.liveCount == kept.count)
        for object in kept { #expect(cache[object.id] === object) }
        #expect(cache[1] == nil)
    }

    @Test("insertions clean on their own once they outnumber the entries")
    func insertionsClean() {
        let cache = WeakCache<Int, Object>()
        let kept = Object(-1)
        cache.insert(kept, for: -1)
        for id in 0..<200 { cache.insert(Object(id), for: id) }
        #expect(cache.count < 100)
        #expect(cache[-1] === kept)
    }
}
