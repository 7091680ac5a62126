public import Foundation
import HTTPLoading
import HTTPTypes

/// A ``Resource`` whose content is known to be `T`: APIs can say what they return.
///
/// A thin wrapper: ``resource`` is the underlying resource, shared with every other wrapper of
/// the same URL. Content of another type shows as a
/// ``ResourceError/Cause-swift.enum/contentTypeMismatch(expected:actual:)`` error in ``state``.
@MainActor
public struct TypedResource<T: Sendable>: Loadable, Sendable, Hashable {
    /// The underlying resource.
    public let resource: Resource

    /// Wraps `resource`.
    public init(_ resource: Resource) { self.resource = resource }

    /// The state with typed content.
    public var state: ResourceState<T> { resource.state.typed(T.self) }

    /// The content, if there is some of type `T`.
    public var content: T? { resource.content as? T }

    /// Loads unless up to date; joins a load in flight.
    public func loadIfNeeded() { resource.loadIfNeeded() }

    /// Loads now.
    public func reload() { resource.load() }

    /// A resource can always reload.
    public var canReload: Bool { resource.fake?.canReload ?? true }

    /// Loads now and returns the typed content.
    public func load() async throws(ResourceError) -> T {
        try await typedContent(of: resource.load())
    }

    /// Loads if needed (joining a load in flight) and returns the typed content.
    public func loadedContent() async throws(ResourceError) -> T {
        if let request = resource.loadIfNeeded() { return try await typedContent(of: request) }
        if let content { return content }
        throw state.latestError ?? ResourceError(.notModifiedWithoutData, timestamp: resource.service.clock.now)
    }

    /// The typed states.
    public func states() -> AsyncStream<ResourceState<T>> {
        let states = resource.states()
        return AsyncStream { continuation in
            let task = Task {
                for await state in states { continuation.yield(state.typed(T.self)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func typedContent(of request: ResourceRequest) async throws(ResourceError) -> T {
        _ = try await request.value()
        if let content { return content }
        throw state.latestError ?? ResourceError(.notModifiedWithoutData, timestamp: resource.service.clock.now)
    }

    /// Same resource.
    public nonisolated static func == (lhs: TypedResource, rhs: TypedResource) -> Bool { lhs.resource === rhs.resource }
    /// Hashes the resource's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(resource)) }
}

extension Resource {
    /// This resource, typed as `T` (no decoder is configured; see `decoding(_:)`).
    public func typed<T: Sendable>(_ type: T.Type = T.self) -> TypedResource<T> { TypedResource(self) }

    /// This resource, typed as `T` and decoded as JSON unless the service's rules configure a
    /// decoder for it.
    public func decoding<T: Decodable & Sendable>(_ type: T.Type, makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() })
        -> TypedResource<T>
    {
        if configuration(for: .get).decoder == nil {
            configure { $0.decoder = .json(T.self, makeDecoder: makeDecoder) }
        }
        return TypedResource(self)
    }
}
