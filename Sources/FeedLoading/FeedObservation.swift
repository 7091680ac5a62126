public import Observation

/// Where observers of a ``FeedLoader`` register, and learn of its changes.
///
/// Not generic, unlike the loader: registering an access through the loader itself needs its
/// `Observable` conformance for the concrete item type, a runtime lookup on every read of
/// `items` or `loadingState` (several per item in a 10,000-item scroll, the
/// FeedLoaderOverhead benchmark). Its key paths are built once, in constants: a key path
/// literal is looked up at run time wherever it is written.
@usableFromInline
final class FeedObservation: Observable, Sendable {
    @usableFromInline typealias Key = any KeyPath<FeedObservation, Void> & Sendable

    private let registrar = ObservationRegistrar()

    // Stand-ins for the loader's observed properties: their key paths say what changed.
    var items: Void { () }
    var loadingState: Void { () }
    var filterStatuses: Void { () }
    var configuration: Void { () }
    var isStale: Void { () }

    @usableFromInline static let items: Key = \.items
    static let loadingState: Key = \.loadingState
    static let filterStatuses: Key = \.filterStatuses
    static let configuration: Key = \.configuration
    static let isStale: Key = \.isStale

    /// Registers a read of the property that `keyPath` stands for.
    @usableFromInline func access(_ keyPath: Key) {
        registrar.access(self, keyPath: keyPath)
    }

    /// Runs `mutation` of the property that `keyPath` stands for, telling observers.
    func withMutation<T>(_ keyPath: Key, _ mutation: () throws -> T) rethrows -> T {
        try registrar.withMutation(of: self, keyPath: keyPath, mutation)
    }
}
