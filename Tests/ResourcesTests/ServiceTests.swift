import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Resources
import Testing

@Suite("Service: identity, configuration, memory")
@MainActor
struct ServiceTests {
    @Test("B19: one resource instance per URL, however the URL was built")
    func identity() {
        let service = mockService(MockLoader())
        let resource = service.resource("/users/42")
        #expect(service.resource("users/42") === resource)
        #expect(service.resource("/users//42") === resource)
        #expect(service.resource("/users").child("42") === resource)
        #expect(service.resource(absoluteURL: URL(string: "HTTPS://Example.test/api/users/42")!) === resource)
        #expect(service.resource("/users/7").relative("42") === resource)
        let query = service.resource("/search?b=2&a=1")
        #expect(service.resource("/search").withParameter("a", "1").withParameter("b", "2") === query)
        #expect(service.resource("/users/43") !== resource)
    }

    @Test("B21: configuration by URL pattern (* one segment, ** many), applied in order, per method")
    func configurationPatterns() async throws {
        let mock = MockLoader()
        mock.respond(body: json("{}"))
        mock.respond(status: .created)
        let service = mockService(mock)
        service.configure { $0.expirationTime = .seconds(10) }
        service.configure("/users/*") { $0.expirationTime = .seconds(60) }
        service.configure("/users/**") { $0.headerFields[.accept] = "application/json" }
        service.configure("/users/*/posts") { $0.expirationTime = .seconds(5) }
        service.configure("/users/**", methods: [.post]) { $0.headerFields[.authorization] = "Bearer post-only" }

        #expect(service.resource("/users/42").configuration(for: .get).expirationTime == .seconds(60))
        #expect(service.resource("/users/42/posts").configuration(for: .get).expirationTime == .seconds(5))
        #expect(service.resource("/users/42/comments").configuration(for: .get).expirationTime == .seconds(10), "* spans one segment only")
        #expect(service.resource("/users").configuration(for: .get).headerFields[.accept] == "application/json", "** matches zero segments")
        #expect(service.resource("/posts/1").configuration(for: .get).headerFields[.accept] == nil)

        let user = service.resource("/users/42")
        #expect(user.configuration(for: .get).headerFields[.authorization] == nil)
        #expect(user.configuration(for: .post).headerFields[.authorization] == "Bearer post-only")
        try await user.load().value()
        try await user.request(.post).value()
        #expect(mock.receivedRequests[0].headerFields[.accept] == "application/json")
        #expect(mock.receivedRequests[0].headerFields[.authorization] == nil)
        #expect(mock.receivedRequests[1].headerFields[.authorization] == "Bearer post-only")
    }

    @Test("URL patterns match exactly what they say")
    func patterns() {
        #expect(URLPattern("/a/*").matches("/a/b"))
        #expect(!URLPattern("/a/*").matches("/a/b/c"))
        #expect(URLPattern("/a/**").matches("/a/b/c"))
        #expect(URLPattern("/a/**").matches("/a"))
        #expect(!URLPattern("/a/**").matches("/ab"))
        #expect(URLPattern("**").matches("/anything/at/all"))
        #expect(URLPattern("/a/*.json").matches("/a/x.json"))
    }

    @Test("B20: unused resources are flushed past a count limit; observed ones never")
    func countLimitEviction() {
        let service = mockService(MockLoader())
        service.resourceCountLimit = 2
        service.evictionGracePeriod = .zero
        let observer = EventRecorder()
        let observed = service.resource("/observed")
        observed.addObserver(observer)
        weak let first: Resource? = service.resource("/first")
        #expect(first != nil)
        _ = service.resource("/second")
        #expect(first == nil, "the oldest unobserved resource was evicted and freed")
        #expect(service.residentResourceCount == 2)
        #expect(service.resource("/observed") === observed)
    }

    @Test("B18, B20: flushing on demand frees unobserved resources, never observed ones; a held one keeps its identity")
    func flushOnDemand() {
        let service = mockService(MockLoader())
        service.evictionGracePeriod = .zero
        let observer = EventRecorder()
        let observed = service.resource("/observed")
        observed.addObserver(observer)
        weak let unheld: Resource? = service.resource("/unheld")
        let held = service.resource("/held")
        service.flushUnusedResources()
        #expect(unheld == nil)
        #expect(service.resource("/observed") === observed)
        #expect(service.resource("/held") === held, "identity survives eviction while something holds the resource")
        #expect(service.residentResourceCount == 2)
    }

    @Test("B23: unobserved resources are collected only after the grace time, never while observed")
    func gracePeriod() {
        let clock = ManualResourceClock()
        let service = mockService(MockLoader(), clock: clock)
        service.evictionGracePeriod = .seconds(30)
        weak var weakResource: Resource?
        let observer = EventRecorder()
        do {
            let resource = service.resource("/thing")
            weakResource = resource
            resource.addObserver(observer)
        }
        clock.advance(by: .seconds(60))
        service.flushUnusedResources()
        #expect(weakResource != nil, "observed: never collected")

        weakResource?.removeObservers(ownedBy: observer)
        clock.advance(by: .seconds(20))
        service.flushUnusedResources()
        #expect(weakResource != nil, "still within the grace time")
        clock.advance(by: .seconds(11))
        service.flushUnusedResources()
        #expect(weakResource == nil)
    }

    @Test("Content decoders are chosen by Content-Type unless the resource has its own")
    func contentTypeDecoders() async throws {
        let mock = MockLoader()
        mock.respond(headerFields: [.contentType: "text/plain; charset=utf-8"], body: json("hello"))
        mock.respond(headerFields: [.contentType: "application/octet-stream"], body: json("bytes"))
        let service = mockService(mock)
        try await service.resource("/text").load().value()
        try await service.resource("/bytes").load().value()
        #expect(service.resource("/text").content as? String == "hello")
        #expect(service.resource("/bytes").content as? Data == json("bytes"))
    }

    @Test("A typed resource reports content of another type as an error")
    func typeMismatch() async throws {
        let mock = MockLoader()
        mock.respond(headerFields: [.contentType: "text/plain"], body: json("text"))
        let typed = mockService(mock).resource("/thing").typed(Int.self)
        await #expect(throws: ResourceError.self) { try await typed.load() }
        if case .contentTypeMismatch? = typed.state.latestError?.cause {
        } else {
            Issue.record("expected a content type mismatch, got \(String(describing: typed.state.latestError))")
        }
    }
}
