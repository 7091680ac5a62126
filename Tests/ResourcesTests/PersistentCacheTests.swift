import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Resources
import ResourcesGRDB
import Testing

@Suite("Persistent cache")
@MainActor
struct PersistentCacheTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("resources-\(UUID().uuidString).sqlite").path
    }

    @Test("The SQLite cache survives a restart: data is served before the network answers, then revalidated (real HTTP)")
    func survivesRestart() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualResourceClock()

        // First run: load and persist.
        do {
            let (service, _) = try await httpbinService(clock: clock, cache: try SQLiteResourceCache(path: path))
            let resource = service.resource("/etag/restart-v1")
            try await resource.load().value()
            #expect(resource.latestData?.etag != nil)
        }

        // "Restart": a new service and a new cache object on the same file; the network is held.
        clock.advance(by: .seconds(120))
        let gate = MockGate()
        let cache = try SQLiteResourceCache(path: path)
        #expect(await cache.count() == 1)
        let (service, recorder) = try await httpbinService(clock: clock, cache: cache, gate: gate)
        let resource = service.resource("/etag/restart-v1")
        let events = EventRecorder()
        resource.addObserver(events)
        let load = try #require(resource.loadIfNeeded())
        await gate.waitForArrivals(1)

        #expect(resource.content is Data, "cached data is shown before the network answers")
        #expect(resource.isLoading)
        #expect(resource.state.dataTimestamp == clock.now.addingTimeInterval(-120), "the cached data keeps its age")
        #expect(events.events == [.observerAdded, .requested, .newData(.cache)])
        #expect(recorder.received.first?.headerFields[.ifNoneMatch] == resource.latestData?.etag)

        gate.open()
        let outcome = try await load.value()
        guard case .notModified = outcome else {
            Issue.record("expected a 304 revalidation, got \(outcome)")
            return
        }
        #expect(resource.state.dataTimestamp == clock.now)
        #expect(events.events.last == .notModified)
        #expect(await cache.entry(forKey: resource.url.absoluteString)?.timestamp == clock.now, "the revalidation is persisted")
    }

    @Test("Errors are never cached (real HTTP)")
    func errorsAreNotCached() async throws {
        let cache = try SQLiteResourceCache()
        let (service, _) = try await httpbinService(cache: cache)
        let resource = service.resource("/status/500")
        _ = await resource.load().result()
        #expect(resource.latestError?.httpStatus == 500)
        #expect(await cache.count() == 0)
    }

    @Test("Fresh cached data needs no network; a wipe removes the entry")
    func freshCacheSkipsNetwork() async throws {
        let clock = ManualResourceClock()
        let cache = InMemoryResourceCache()
        let mock = MockLoader()
        mock.respond(headerFields: jsonHeaders(), body: json(#"{"slideshow":{"author":"a","title":"t"}}"#))
        let base = URL(string: "https://example.test/api")!
        let firstService = ResourceService(baseURL: base, loader: mock, clock: clock.resourceClock, persistentCache: cache)
        _ = try await firstService.resource("/show", decoding: Slideshow.self).load()

        clock.advance(by: .seconds(10))
        let second = ResourceService(baseURL: base, loader: mock, clock: clock.resourceClock, persistentCache: cache)
        let resource = second.resource("/show", decoding: Slideshow.self)
        let content = try await resource.loadedContent()
        #expect(content.slideshow.title == "t", "cached bytes are decoded again with the resource's decoder")
        #expect(mock.receivedRequests.count == 1, "fresh cached data needs no network")

        resource.resource.wipe()
        var remaining = await cache.count
        for _ in 0..<10_000 where remaining > 0 {
            await Task.yield()
            remaining = await cache.count
        }
        #expect(remaining == 0, "a wipe removes the cached entry")
    }
}
