import Foundation
import HTTPLoading

extension TypedResource {
    /// A resource that always has `content` and never touches a network: for previews and tests.
    public static func fake(_ content: T) -> TypedResource {
        fake(states: [ResourceState(content: content, dataTimestamp: Date(), isUpToDate: true)], canReload: false)
    }

    /// A resource that is loading forever.
    public static func fakeLoading() -> TypedResource {
        fake(states: [ResourceState(isLoading: true)], canReload: false)
    }

    /// A resource that failed with `error` (reloading fails again).
    public static func fakeFailure(_ error: ResourceError) -> TypedResource {
        fake(states: [ResourceState(latestError: error, isUpToDate: true)], canReload: true)
    }

    /// A resource that failed with a message for the user.
    public static func fakeFailure(message: String) -> TypedResource {
        fakeFailure(ResourceError(.other(description: message), timestamp: Date(), userMessage: message))
    }

    /// A resource that shows `states` in turn: the first at once, the next on each load (e.g. a
    /// "try again"), staying on the last. No network is involved.
    public static func fake(states: [ResourceState<T>], canReload: Bool = true) -> TypedResource {
        let service = ResourceService.fakes
        let resource = Resource(url: URL(string: "fake://resources/\(UUID().uuidString)")!, service: service)
        let script = FakeScript(states.map { $0.map { $0 as any Sendable } }, canReload: canReload)
        resource.fake = script
        script.apply(to: resource)
        return TypedResource(resource)
    }
}
