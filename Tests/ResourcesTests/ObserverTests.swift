import Foundation
import HTTPLoading
import HTTPLoadingTesting
import Observation
import Resources
import Testing
import HTTPTypes

@Suite("Observers and observation")
@MainActor
struct ObserverTests {
    @Test("B16: a new observer gets an 'added' event at once, and only that observer does")
    func addedEventOnlyToNewObserver() {
        let resource = mockService(MockLoader()).resource("/thing")
        let first = EventRecorder()
        let second = EventRecorder()
        resource.addObserver(first)
        #expect(first.events == [.observerAdded])
        resource.addObserver(second)
        #expect(second.events == [.observerAdded])
        #expect(first.events == [.observerAdded])
    }

    @Test("B17: observing the same object twice is a no-op")
    func doubleObserveIsNoOp() {
        let resource = mockService(MockLoader()).resource("/thing")
        let observer = EventRecorder()
        resource.addObserver(observer)
        resource.addObserver(observer)
        #expect(resource.observerCount == 1)
        #expect(observer.events == [.observerAdded])
    }

    @Test("B17: observers owned by something are released when their owner goes")
    func ownedObserversReleased() {
        final class Owner {}
        final class Captured {}
        let resource = mockService(MockLoader()).resource("/thing")
        weak var weakCaptured: Captured?
        var owner: Owner? = Owner()
        do {
            let captured = Captured()
            weakCaptured = captured
            resource.addObserver(owner: owner!) { _, _ in _ = captured }
        }
        #expect(resource.observerCount == 1)
        #expect(weakCaptured != nil, "the resource keeps the observer while its owner lives")
        owner = nil
        #expect(resource.observerCount == 0)
        #expect(weakCaptured == nil, "the observer was released with its owner")
    }

    @Test("An object observer is held weakly")
    func objectObserverIsWeak() {
        let resource = mockService(MockLoader()).resource("/thing")
        var observer: EventRecorder? = EventRecorder()
        weak let weakObserver = observer
        resource.addObserver(observer!)
        observer = nil
        #expect(weakObserver == nil)
        #expect(!resource.isObserved)
    }

    @Test("Observation: reading state in a tracking context is told when a load starts")
    func observationTracksState() {
        let mock = MockLoader()
        mock.respond(body: json("1"))
        let resource = mockService(mock).resource("/thing")
        let changed = ObservationFlag()
        withObservationTracking {
            _ = resource.state
        } onChange: {
            changed.set()
        }
        resource.load()
        #expect(changed.isSet)
    }

    @Test("AsyncSequence: states() yields the current state at once, then each change")
    func statesSequence() async throws {
        let mock = MockLoader()
        mock.respond(body: json("1"))
        let resource = mockService(mock).resource("/thing")
        var iterator = resource.states().makeAsyncIterator()
        let initial = try #require(await iterator.next())
        #expect(initial.content == nil && !initial.isLoading)
        #expect(resource.isObserved, "iterating counts as observing")
        resource.load()
        let loading = try #require(await iterator.next())
        #expect(loading.isLoading)
        let loaded = try #require(await iterator.next())
        #expect(loaded.content as? Data == json("1"))
        #expect(!loaded.isLoading)
    }

    @Test("AsyncSequence: events() starts with observerAdded")
    func eventsSequence() async throws {
        let mock = MockLoader()
        mock.respond(status: .notFound)
        let resource = mockService(mock).resource("/thing")
        var events = resource.events().makeAsyncIterator()
        #expect(await events.next() == .observerAdded)
        resource.load()
        #expect(await events.next() == .requested)
        #expect(await events.next() == .error)
    }
}
