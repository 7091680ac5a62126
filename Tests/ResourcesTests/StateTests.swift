import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Resources
import Testing

@Suite("Resource state")
@MainActor
struct StateTests {
    @Test("B1: a new resource has no data, no error, and is neither loading nor requesting")
    func newResourceIsEmpty() {
        let resource = mockService(MockLoader()).resource("/thing")
        let state = resource.state
        #expect(state.content == nil)
        #expect(state.latestError == nil)
        #expect(state.dataTimestamp == nil)
        #expect(!state.isLoading)
        #expect(!state.isRequesting)
        #expect(!state.isUpToDate)
    }

    @Test("B2: a plain request leaves data and error alone, tells no observer, but counts as requesting")
    func plainRequestDoesNotTouchState() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json(#"{"a":1}"#))
        mock.respond(status: .created, body: json("created"), after: gate)
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()
        let before = try #require(resource.latestData)
        let recorder = EventRecorder()
        resource.addObserver(recorder)

        let request = resource.request(.post, body: DataBody(json("{}")))
        #expect(resource.isRequesting)
        #expect(!resource.isLoading)
        await gate.waitForArrivals(1)
        gate.open()
        let outcome = try await request.value()

        guard case .response(let response) = outcome else {
            Issue.record("expected a response, got \(outcome)")
            return
        }
        #expect(response.status == .created)
        #expect(resource.latestData?.body == before.body)
        #expect(resource.latestData?.timestamp == before.timestamp)
        #expect(resource.latestError == nil)
        #expect(!resource.isRequesting)
        #expect(recorder.events == [.observerAdded])
    }

    @Test("B2: a failed plain request records no error")
    func failedPlainRequestRecordsNoError() async {
        let mock = MockLoader()
        mock.respond(status: .internalServerError)
        let resource = mockService(mock).resource("/thing")
        let result = await resource.request(.delete).result()
        #expect(throws: ResourceError.self) { try result.get() }
        #expect(resource.latestError == nil)
    }

    @Test("B3: requesting stays true until every concurrent request has finished")
    func requestingUntilAllFinish() async throws {
        let mock = MockLoader()
        let first = MockGate()
        let second = MockGate()
        mock.respond(after: first)
        mock.respond(after: second)
        let resource = mockService(mock).resource("/thing")
        let one = resource.request(.post)
        let two = resource.request(.put)
        await mock.waitForRequests(2)
        first.open()
        try await one.value()
        #expect(resource.isRequesting, "one request is still in flight")
        second.open()
        try await two.value()
        #expect(!resource.isRequesting)
    }

    @Test("B4: starting a load marks the resource loading and tells observers before any I/O")
    func loadMarksLoadingBeforeIO() async throws {
        let mock = MockLoader()
        mock.respond(body: json("{}"))
        let resource = mockService(mock).resource("/thing")
        let recorder = EventRecorder()
        resource.addObserver(recorder)

        let request = resource.load()
        #expect(resource.isLoading)
        #expect(resource.state.isRequesting)
        #expect(recorder.events == [.observerAdded, .requested])
        #expect(mock.receivedRequests.isEmpty, "no I/O has happened yet")
        try await request.value()
        #expect(!resource.isLoading)
    }

    @Test("B5: a success stores content, headers and a timestamp (real HTTP)")
    func successStoresContentHeadersTimestamp() async throws {
        let clock = ManualResourceClock()
        let (service, _) = try await httpbinService(clock: clock)
        let resource = service.resource("/json", decoding: Slideshow.self)
        let content = try await resource.load()
        #expect(content.slideshow.title == "Loopback slides")
        #expect(resource.state.content == content)
        #expect(resource.state.headerFields[.contentType] == "application/json")
        #expect(resource.state.dataTimestamp == clock.now)
        #expect(resource.state.isUpToDate)
    }

    @Test("B7: an error keeps the last good data; the next success clears the error (real HTTP)")
    func errorKeepsDataSuccessClearsError() async throws {
        let clock = ManualResourceClock()
        let (service, _) = try await httpbinService(clock: clock)
        let resource = service.resource("/json", decoding: Slideshow.self)
        let good = try await resource.load()

        let failing = LoadRequest(url: try await httpbinURL().appendingPathComponent("status/500"))
        let failure = await resource.resource.load(using: failing).result()
        #expect(throws: ResourceError.self) { try failure.get() }
        #expect(resource.state.latestError?.httpStatus == 500)
        #expect(resource.state.content == good, "the last good data is kept")

        clock.advance(by: .seconds(5))
        _ = try await resource.load()
        #expect(resource.state.latestError == nil)
        #expect(resource.state.dataTimestamp == clock.now)
    }

    @Test("B7: undecodable content is an error naming the problem and keeps the data")
    func decodingErrorKeepsData() async throws {
        let mock = MockLoader()
        mock.respond(headerFields: jsonHeaders(), body: json(#"{"slideshow":{"author":"a","title":"t"}}"#))
        mock.respond(headerFields: jsonHeaders(), body: json(#"{"slideshow":{"author":1}}"#))
        let resource = mockService(mock).resource("/show", decoding: Slideshow.self)
        let good = try await resource.load()
        await #expect(throws: ResourceError.self) { try await resource.load() }
        let error = try #require(resource.state.latestError)
        guard case .decoding(let message) = error.cause else {
            Issue.record("expected a decoding error, got \(error.cause)")
            return
        }
        #expect(message.contains("author"))
        #expect(resource.state.content == good)
    }

    @Test("B8: a cancelled load changes nothing and is reported as a cancellation (real HTTP)")
    func cancelledLoadChangesNothing() async throws {
        let (service, _) = try await httpbinService()
        let resource = service.resource("/delay/3")
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        let request = resource.load()
        request.cancel()
        let result = await request.result()
        guard case .failure(let error) = result else {
            Issue.record("a cancelled load must not succeed")
            return
        }
        #expect(error.isCancellation)
        #expect(resource.latestError == nil)
        #expect(resource.latestData == nil)
        #expect(!resource.isLoading)
        #expect(recorder.events == [.observerAdded, .requested, .requestCancelled])
    }

    @Test("B8: cancelling a load keeps the data it would have replaced")
    func cancelledLoadKeepsData() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("old"))
        mock.respond(body: json("new"), after: gate)
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()
        let request = resource.load()
        await gate.waitForArrivals(1)
        request.cancel()
        let result = await request.result()
        #expect((try? result.get()) == nil)
        #expect(resource.latestData?.body == json("old"))
        #expect(resource.latestError == nil)
    }

    @Test("B13: a local override replaces the content, clears the error and notifies")
    func localOverride() async throws {
        let mock = MockLoader()
        mock.respond(status: .badGateway)
        let resource = mockService(mock).resource("/thing")
        _ = await resource.load().result()
        #expect(resource.latestError != nil)
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        resource.overrideLocalContent("optimistic")
        #expect(resource.content as? String == "optimistic")
        #expect(resource.latestError == nil)
        #expect(recorder.events.last == .newData(.localOverride))
    }

    @Test("B14: loading with any request (a POST returning the entity) updates state like a load (real HTTP)")
    func loadUsingPost() async throws {
        struct Echo: Decodable, Sendable {
            let json: [String: String]
            let method: String
        }
        let (service, recorder) = try await httpbinService()
        let resource = service.resource("/anything", decoding: Echo.self)
        let events = EventRecorder()
        resource.resource.addObserver(events)
        let post = resource.resource.makeRequest(.post, body: DataBody(json(#"{"name":"new"}"#), contentType: "application/json"))
        try await resource.resource.load(using: post).value()
        #expect(resource.content?.method == "POST")
        #expect(resource.content?.json == ["name": "new"])
        #expect(recorder.received.map(\.method) == [.post])
        #expect(events.events == [.observerAdded, .requested, .newData(.network)])
    }
}
