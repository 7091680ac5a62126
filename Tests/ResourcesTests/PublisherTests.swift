import Foundation
import Resources
import Testing
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The Combine publishers of ``Loadable`` (OpenCombine on Linux).
@Suite("Publishers")
@MainActor
struct PublisherTests {
    @Test("statePublisher: the current state at once, then each change; subscribing loads (over real HTTP)")
    func statesOverHTTP() async throws {
        let (service, recorder) = try await httpbinService()
        let resource = service.resource("/uuid").typed(Data.self)
        let collector = Collector<ResourceState<Data>>()
        let subscription = resource.statePublisher().sink { collector.append($0) }
        defer { subscription.cancel() }

        #expect(collector.values.first?.content == nil, "the state at subscription, before any answer")
        await collector.wait { $0.content != nil }
        #expect(recorder.received.count == 1, "subscribing loaded the resource once")
        let content = try #require(collector.values.last?.content)
        #expect(String(decoding: content, as: UTF8.self).contains("uuid"))
        #expect(collector.values.contains { $0.isLoading }, "the loading state was published too")
    }

    @Test("contentPublisher and optionalContentPublisher carry the content of a fake")
    func contents() async throws {
        let fake = TypedResource<String>.fake("hello")
        let contents = Collector<String>()
        let optionals = Collector<String?>()
        let first = fake.contentPublisher().sink { contents.append($0) }
        let second = fake.optionalContentPublisher().sink { optionals.append($0) }
        defer {
            first.cancel()
            second.cancel()
        }
        #expect(contents.values == ["hello"])
        #expect(optionals.values == ["hello"])
    }

    @Test("A scripted fake publishes each state as it reloads; a cancelled subscription receives nothing more")
    func scripted() async throws {
        let fake = TypedResource<String>.fake(states: ["one", "two", "three"].map { ResourceState(content: $0) })
        let contents = Collector<String?>()
        let subscription = fake.optionalContentPublisher().sink { contents.append($0) }
        fake.reload()
        await contents.wait { $0 == "two" }
        subscription.cancel()
        fake.reload()
        #expect(fake.state.content == "three")
        // Let the feeding task run; a cancelled subscription must not see "three".
        for _ in 0..<10 { await Task.yield() }
        #expect(!contents.values.contains("three"))
        #expect(contents.values.contains("one") && contents.values.contains("two"))
    }
}

/// Collects published values on the main actor and lets a test wait for one.
@MainActor
final class Collector<Value: Sendable> {
    private(set) var values: [Value] = []
    private var waiters: [(predicate: (Value) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    nonisolated func append(_ value: Value) {
        MainActor.assumeIsolated { self.receive(value) }
    }

    private func receive(_ value: Value) {
        values.append(value)
        let (ready, waiting) = (waiters.filter { $0.predicate(value) }, waiters.filter { !$0.predicate(value) })
        waiters = waiting
        for waiter in ready { waiter.continuation.resume() }
    }

    func wait(for predicate: @escaping (Value) -> Bool) async {
        if values.contains(where: predicate) { return }
        await withCheckedContinuation { waiters.append((predicate, $0)) }
    }
}
