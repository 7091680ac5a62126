#if canImport(Combine)
import Combine
#elseif canImport(OpenCombine)
// Linux and other platforms without Combine: OpenCombine has the same API.
public import OpenCombine
#endif
#if canImport(Combine) || canImport(OpenCombine)

extension Loadable {
    /// The states as a publisher: the current state at once, then each change. Subscribing
    /// loads if needed; the publisher keeps the source alive until cancelled.
    public func statePublisher() -> AnyPublisher<ResourceState<Content>, Never> {
        let states = states()
        let subject = CurrentValueSubject<ResourceState<Content>, Never>(state)
        let sink = SubjectBox(subject)
        let task = Task { @MainActor in
            for await state in states { sink.subject.send(state) }
        }
        loadIfNeeded()
        return
            subject
            .handleEvents(receiveCancel: { task.cancel() })
            .eraseToAnyPublisher()
    }

    /// The content whenever there is some.
    public func contentPublisher() -> AnyPublisher<Content, Never> {
        statePublisher().compactMap(\.content).eraseToAnyPublisher()
    }

    /// The content, or `nil` while there is none.
    public func optionalContentPublisher() -> AnyPublisher<Content?, Never> {
        statePublisher().map(\.content).eraseToAnyPublisher()
    }
}
/// Carries a subject into the task feeding it. `@unchecked` is true because Combine's (and
/// OpenCombine's) subjects serialise `send` with their own internal lock.
private final class SubjectBox<Output>: @unchecked Sendable {
    let subject: CurrentValueSubject<Output, Never>
    init(_ subject: CurrentValueSubject<Output, Never>) { self.subject = subject }
}
#endif
