import Foundation
import HTTPLoading
import Resources
import Testing
import HTTPTypes

@Suite("Fakes, Loadable and the display model")
@MainActor
struct FakesAndLoadableTests {
    @Test("B37: a fake from a fixed value has the content and never loads")
    func fakeValue() async throws {
        let fake = TypedResource<String>.fake("Persephone")
        #expect(fake.state.content == "Persephone")
        #expect(fake.state.isUpToDate)
        #expect(fake.resource.loadIfNeeded() == nil)
        #expect(DisplayModel([fake]).display == .content)
        let result = await fake.resource.request(.get).result()
        #expect(throws: ResourceError.self) { try result.get() }
    }

    @Test("B37: a fake can be permanently loading or failed")
    func fakeLoadingAndFailure() {
        let loading = TypedResource<Int>.fakeLoading()
        #expect(loading.state.isLoading)
        loading.reload()
        #expect(loading.state.isLoading)
        #expect(DisplayModel([loading], rules: [.loading, .error, .anyData]).display == .progress)

        let failed = TypedResource<Int>.fakeFailure(message: "No route to host")
        #expect(failed.state.latestError?.userMessage == "No route to host")
        #expect(DisplayModel([failed], rules: [.error]).display == .error(message: "No route to host", canTryAgain: true))
    }

    @Test("B37: a scripted fake moves to its next state on each load (e.g. try again)")
    func scriptedFake() {
        let error = ResourceError(.notModifiedWithoutData, timestamp: Date(), userMessage: "Offline")
        let fake = TypedResource<Int>.fake(states: [
            ResourceState(latestError: error),
            ResourceState(isLoading: true),
            ResourceState(content: 42),
        ])
        let model = DisplayModel([fake], rules: [.loading, .error, .anyData])
        #expect(model.display == .error(message: "Offline", canTryAgain: true))
        model.tryAgain()
        #expect(model.display == .progress)
        fake.reload()
        #expect(model.display == .content)
        #expect(fake.content == 42)
        fake.reload()
        #expect(fake.content == 42, "stays on the last state")
    }

    @Test("B36: a display model combines several sources; try again reloads only the failed ones")
    func combinedSources() async throws {
        let good = TypedResource<Int>.fake(1)
        let calls = Counter()
        let flaky = AsyncLoadable<Int> {
            let call = await calls.increment()
            if call == 1 { throw ResourceError(.notModifiedWithoutData, timestamp: Date(), userMessage: "first call fails") }
            return 2
        }
        let model = DisplayModel([good, flaky], rules: [.loading, .error, .allData])
        model.loadIfNeeded()
        #expect(model.display == .progress)
        #expect(await eventually { !flaky.isLoading })
        #expect(model.display == .error(message: "first call fails", canTryAgain: true))
        model.tryAgain()
        #expect(await eventually { flaky.content == 2 })
        #expect(model.display == .content)
        #expect(model.hasAllContent)
        #expect(await calls.value == 2)
    }

    @Test("Loadable over a closure: joins a load in flight, keeps data on error, waits the retry time")
    func asyncLoadableClosure() async throws {
        let clock = ManualResourceClock()
        let calls = Counter()
        let loadable = AsyncLoadable<Int>(clock: clock.resourceClock) {
            let call = await calls.increment()
            if call == 2 { throw URLError(.timedOut) }
            return call
        }
        loadable.loadIfNeeded()
        loadable.loadIfNeeded()
        #expect(loadable.isLoading)
        #expect(await eventually { loadable.content == 1 })
        #expect(await calls.value == 1, "the second load-if-needed joined the first")
        loadable.loadIfNeeded()
        #expect(!loadable.isLoading, "fresh content needs no load")

        clock.advance(by: .seconds(31))
        loadable.loadIfNeeded()
        #expect(await eventually { !loadable.isLoading })
        #expect(loadable.content == 1, "an error keeps the data")
        #expect(loadable.latestError != nil)
        loadable.loadIfNeeded()
        #expect(!loadable.isLoading, "within the retry time")
        clock.advance(by: .seconds(2))
        loadable.loadIfNeeded()
        #expect(await eventually { loadable.content == 3 })
        #expect(loadable.latestError == nil)
    }

    @Test("Loadable over an AsyncSequence: the first element ends the load, later ones replace the content")
    func asyncLoadableSequence() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let loadable = AsyncLoadable(sequence: stream)
        var states = loadable.states().makeAsyncIterator()
        #expect(await states.next()?.content == nil)
        loadable.loadIfNeeded()
        #expect(await states.next()?.isLoading == true)
        continuation.yield("first")
        let first = await states.next()
        #expect(first?.content == "first")
        #expect(first?.isLoading == false)
        continuation.yield("second")
        #expect(await states.next()?.content == "second")
        continuation.finish()
    }

    @Test("Loadable: wipe and invalidate work as for resources")
    func asyncLoadableWipeInvalidate() async throws {
        let calls = Counter()
        let loadable = AsyncLoadable<Int> { await calls.increment() }
        loadable.loadIfNeeded()
        #expect(await eventually { loadable.content == 1 })
        loadable.invalidate()
        loadable.loadIfNeeded()
        #expect(await eventually { loadable.content == 2 })
        loadable.wipe()
        #expect(loadable.content == nil)
        #expect(!loadable.state.isUpToDate)
    }
}

/// A counter shared with async closures.
actor Counter {
    private(set) var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}
