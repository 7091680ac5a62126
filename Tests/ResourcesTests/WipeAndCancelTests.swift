import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Resources
import Testing

@Suite("Wipe and cancellation")
@MainActor
struct WipeAndCancelTests {
    @Test("B12: wipe clears data and error, cancels every request, and late responses cannot bring state back")
    func wipe() async throws {
        let mock = MockLoader()
        let latch = StubbornLatch()
        mock.respond(body: json("first"))
        mock.enqueue { request in
            await latch.wait()
            return LoadResponse(request: request, status: .ok, body: json("late load"))
        }
        mock.enqueue { request in
            await latch.wait()
            return LoadResponse(request: request, status: .ok, body: json("late request"))
        }
        let resource = mockService(mock).resource("/thing")
        try await resource.load().value()
        let load = resource.load()
        let plain = resource.request(.post)
        await mock.waitForRequests(3)

        resource.wipe()
        #expect(resource.latestData == nil)
        #expect(resource.content == nil)
        #expect(resource.latestError == nil)
        #expect(!resource.isLoading)
        #expect(!resource.isRequesting)
        #expect(load.isCancelled)
        #expect(plain.isCancelled)

        latch.open()
        let loadResult = await load.result()
        _ = await plain.result()
        guard case .failure(let error) = loadResult else {
            Issue.record("a wiped load must not succeed")
            return
        }
        #expect(error.isCancellation)
        #expect(resource.latestData == nil, "a late response cannot bring state back")
        #expect(!resource.isRequesting)
    }

    @Test("B15: cancel-if-unobserved cancels only when no observer is left")
    func cancelIfUnobserved() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: json("1"), after: gate)
        let resource = mockService(mock).resource("/thing")
        let observer = EventRecorder()
        resource.addObserver(observer)
        let load = resource.load()
        await gate.waitForArrivals(1)

        resource.cancelLoadIfUnobserved()
        #expect(!load.isCancelled)
        #expect(resource.isLoading)

        resource.removeObservers(ownedBy: observer)
        resource.cancelLoadIfUnobserved()
        #expect(load.isCancelled)
        let result = await load.result()
        #expect(throws: ResourceError.self) { try result.get() }
        #expect(!resource.isLoading)
    }
}
