import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Observation
import Resources
import Synchronization
import Testing

@Suite("Freshness, joining and ordering")
@MainActor
struct FreshnessTests {
    @Test("B6: the ETag is sent back as If-None-Match; a 304 keeps the data, refreshes the timestamp, emits notModified (real HTTP)")
    func etagRevalidation() async throws {
        let clock = ManualResourceClock()
        let (service, recorder) = try await httpbinService(clock: clock)
        let resource = service.resource("/etag/lemmy-v1")
        try await resource.load().value()
        let first = try #require(resource.latestData)
        #expect(first.etag == "\"lemmy-v1\"" || first.etag == "lemmy-v1")
        let content = try #require(resource.content as? Data)

        clock.advance(by: .seconds(60))
        let events = EventRecorder()
        resource.addObserver(events)
        let outcome = try await resource.load().value()
        guard case .notModified = outcome else {
            Issue.record("expected notModified, got \(outcome)")
            return
        }
        #expect(recorder.received.last?.headerFields[.ifNoneMatch] == first.etag)
        #expect(resource.latestData?.timestamp == clock.now)
        #expect(resource.content as? Data == content)
        #expect(events.events == [.observerAdded, .requested, .notModified])
    }

    @Test("B6: a 304 with no local data is an error (real HTTP)")
    func notModifiedWithoutData() async throws {
        let (service, _) = try await httpbinService()
        let resource = service.resource("/cache")
        var request = resource.makeRequest(.get)
        request.headerFields[.ifNoneMatch] = "\"anything\""
        let result = await resource.load(using: request).result()
        #expect(throws: ResourceError.self) { try result.get() }
        #expect(resource.latestError?.httpStatus == 304)
        if case .notModifiedWithoutData? = resource.latestError?.cause {
        } else {
            Issue.record("expected notModifiedWithoutData, got \(String(describing: resource.latestError?.cause))")
        }
    }

    @Test("B6: a 200 to a conditional request replaces the data and the ETag")
    func conditional200ReplacesData() async throws {
        let mock = MockLoader()
        mock.respond(headerFields: jsonHeaders(etag: "\"v1\""), body: json("1"))
        mock.respond(headerFields: jsonHeaders(etag: "\"v2\""), body: json("2"))
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()
        try await resource.load().value()
        #expect(mock.receivedRequests[1].headerFields[.ifNoneMatch] == "\"v1\"")
        #expect(resource.latestData?.etag == "\"v2\"")
        #expect(resource.content as? Data == json("2"))
    }

    @Test("B9: load-if-needed joins the load in flight")
    func loadIfNeededJoins() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("1"), after: gate)
        let resource = mockService(mock).resource("/thing")
        let first = try #require(resource.loadIfNeeded())
        let second = try #require(resource.loadIfNeeded())
        #expect(first == second)
        gate.open()
        try await first.value()
        #expect(mock.receivedRequests.count == 1)
        #expect(resource.loadIfNeeded() == nil, "fresh data needs no load")
    }

    @Test("B9: load-if-needed never joins a non-idempotent request in flight")
    func loadIfNeededSkipsPost() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("posted"), after: gate)
        mock.respond(body: json("got"))
        let resource = mockService(mock).resource("/thing")
        let post = resource.load(using: resource.makeRequest(.post))
        let load = try #require(resource.loadIfNeeded())
        #expect(load != post)
        #expect(load.method == .get)
        try await load.value()
        gate.open()
        try await post.value()
        #expect(mock.receivedRequests.map(\.method) == [.post, .get])
    }

    @Test("B22: concurrent fetches of one resource share one request (real HTTP)")
    func concurrentFetchesShareOneRequest() async throws {
        let (service, recorder) = try await httpbinService()
        let a = service.resource("/uuid").typed(Data.self)
        let b = service.resource("/uuid").typed(Data.self)
        async let first = a.loadedContent()
        async let second = b.loadedContent()
        let (one, two) = try await (first, second)
        #expect(one == two)
        #expect(recorder.received.count == 1)
    }

    @Test("B10: fresh data suppresses load-if-needed until the expiry time (default 30 s) passes")
    func expiry() async throws {
        let clock = ManualResourceClock()
        let mock = MockLoader()
        mock.respond(body: json("1"))
        mock.respond(body: json("2"))
        let resource = mockService(mock, clock: clock).resource("/thing")
        try await resource.load().value()
        clock.advance(by: .seconds(29))
        #expect(resource.loadIfNeeded() == nil)
        #expect(resource.isUpToDate)
        clock.advance(by: .seconds(2))
        let reload = try #require(resource.loadIfNeeded())
        try await reload.value()
        #expect(mock.receivedRequests.count == 2)
    }

    @Test("B10: after an error load-if-needed waits the retry time (default 1 s)")
    func retryTime() async throws {
        let clock = ManualResourceClock()
        let mock = MockLoader()
        mock.respond(status: .serviceUnavailable)
        mock.respond(body: json("ok"))
        let resource = mockService(mock, clock: clock).resource("/thing")
        _ = await resource.load().result()
        #expect(resource.loadIfNeeded() == nil)
        clock.advance(by: .milliseconds(900))
        #expect(resource.loadIfNeeded() == nil)
        clock.advance(by: .milliseconds(200))
        try await #require(resource.loadIfNeeded()).value()
        #expect(resource.content as? Data == json("ok"))
    }

    @Test("B10: expiry and retry times come from the configuration")
    func configuredExpiry() async throws {
        let clock = ManualResourceClock()
        let mock = MockLoader()
        mock.respond(body: json("1"))
        let service = mockService(mock, clock: clock)
        service.configure("/thing") { $0.expirationTime = .seconds(300) }
        let resource = service.resource("/thing")
        try await resource.load().value()
        clock.advance(by: .seconds(299))
        #expect(resource.isUpToDate)
        clock.advance(by: .seconds(2))
        #expect(!resource.isUpToDate)
    }

    @Test("B11: invalidate starts nothing, forces exactly the next load-if-needed, and keeps the data")
    func invalidateForcesOneLoad() async throws {
        let mock = MockLoader()
        mock.respond(body: json("1"))
        mock.respond(body: json("2"))
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()
        resource.invalidate()
        #expect(mock.receivedRequests.count == 1)
        #expect(resource.content as? Data == json("1"))
        #expect(!resource.isUpToDate)
        try await #require(resource.loadIfNeeded()).value()
        #expect(resource.loadIfNeeded() == nil, "only the next load-if-needed is forced")
        #expect(mock.receivedRequests.count == 2)
    }

    @Test("B11: invalidation is cleared by a failure and by a local override, and survives a cancelled load")
    func invalidationLifecycle() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("1"))
        mock.respond(body: json("2"), after: gate)
        mock.respond(status: .internalServerError)
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()

        resource.invalidate()
        let cancelled = resource.load()
        await gate.waitForArrivals(1)
        cancelled.cancel()
        _ = await cancelled.result()
        #expect(resource.isInvalidated, "a cancelled load leaves the invalidation")

        _ = await resource.load().result()
        #expect(!resource.isInvalidated, "a failure clears it")

        resource.invalidate()
        resource.overrideLocalContent(Data())
        #expect(!resource.isInvalidated, "a local override clears it")
    }

    @Test("B26: the last load started wins; an older response never overwrites newer data")
    func lastLoadWins() async throws {
        let mock = MockLoader()
        let older = MockGate()
        let newer = MockGate()
        mock.respond(body: json("older"), after: older)
        mock.respond(body: json("newer"), after: newer)
        let resource = mockService(mock).resource("/thing")
        let first = resource.load()
        let second = resource.load()
        await mock.waitForRequests(2)
        newer.open()
        try await second.value()
        older.open()
        _ = await first.result()
        #expect(resource.content as? Data == json("newer"))
        #expect(!resource.isLoading)
    }

    @Test("B27: unchanged data keeps its identity and does not notify content observers")
    func unchangedDataKeepsIdentity() async throws {
        let clock = ManualResourceClock()
        let mock = MockLoader()
        mock.respond(body: json("same"))
        mock.respond(body: json("same"))
        let resource = mockService(mock, clock: clock).resource("/thing")
        resource.configure { $0.decoder = ContentDecoder { Payload(text: String(decoding: $0.body, as: UTF8.self)) } }
        try await resource.load().value()
        let first = try #require(resource.content as? Payload)

        let events = EventRecorder()
        resource.addObserver(events)
        let contentChanged = ObservationFlag()
        withObservationTracking {
            _ = resource.content
        } onChange: {
            contentChanged.set()
        }
        clock.advance(by: .seconds(40))
        try await resource.load().value()

        #expect(resource.content as? Payload === first)
        #expect(!contentChanged.isSet)
        #expect(events.events == [.observerAdded, .requested, .notModified])
        #expect(resource.latestData?.timestamp == clock.now, "the data was confirmed fresh")
    }
}

/// A flag set from an observation change handler.
final class ObservationFlag: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}
