public import Foundation
public import HTTPTypes

/// An immutable snapshot of a resource's (or any ``Loadable``'s) state.
///
/// ``isUpToDate`` is computed when the snapshot is taken; time passing does not notify
/// observers, so ask the source again when it matters.
public struct ResourceState<Content: Sendable>: Sendable {
    /// The latest content, however stale; `nil` until some arrives.
    public var content: Content?
    /// The error of the latest failed load, cleared by the next success.
    public var latestError: ResourceError?
    /// When the content was received or last confirmed.
    public var dataTimestamp: Date?
    /// The header fields that came with the content.
    public var headerFields: HTTPFields
    /// Whether a load is in flight.
    public var isLoading: Bool
    /// Whether any request (a load or a plain request) is in flight.
    public var isRequesting: Bool
    /// Whether the data (or the latest error) is recent enough that ``Resource/loadIfNeeded()``
    /// would not load.
    public var isUpToDate: Bool

    /// Creates a snapshot.
    public init(
        content: Content? = nil,
        latestError: ResourceError? = nil,
        dataTimestamp: Date? = nil,
        headerFields: HTTPFields = [:],
        isLoading: Bool = false,
        isRequesting: Bool = false,
        isUpToDate: Bool = false
    ) {
        self.content = content
        self.latestError = latestError
        self.dataTimestamp = dataTimestamp
        self.headerFields = headerFields
        self.isLoading = isLoading
        self.isRequesting = isRequesting || isLoading
        self.isUpToDate = isUpToDate
    }

    /// The state of a source that has done nothing yet.
    public static var initial: ResourceState { ResourceState() }

    /// Whether there is content.
    public var hasContent: Bool { content != nil }

    /// When the latest error happened.
    public var errorTimestamp: Date? { latestError?.timestamp }

    /// The later of ``dataTimestamp`` and ``errorTimestamp``.
    public var timestamp: Date? {
        switch (dataTimestamp, errorTimestamp) {
        case let (data?, error?): return max(data, error)
        case let (data, error): return data ?? error
        }
    }

    /// The same state with its content transformed; content that `transform` rejects is dropped.
    public func map<Other: Sendable>(_ transform: (Content) -> Other?) -> ResourceState<Other> {
        ResourceState<Other>(
            content: content.flatMap(transform), latestError: latestError, dataTimestamp: dataTimestamp,
            headerFields: headerFields, isLoading: isLoading, isRequesting: isRequesting, isUpToDate: isUpToDate
        )
    }

    /// The status the display rules need.
    public var displayStatus: LoadableStatus {
        LoadableStatus(hasContent: hasContent, isLoading: isLoading, latestError: latestError)
    }
}

extension ResourceState where Content == any Sendable {
    /// The state with content cast to `T`. Content of another type is reported as a
    /// ``ResourceError/Cause-swift.enum/contentTypeMismatch(expected:actual:)`` error, unless a
    /// newer error is already there.
    public func typed<T: Sendable>(_ type: T.Type = T.self) -> ResourceState<T> {
        var typed = map { $0 as? T }
        if let content, typed.content == nil, typed.latestError == nil {
            typed.latestError = ResourceError(
                .contentTypeMismatch(expected: String(describing: T.self), actual: String(describing: Swift.type(of: content))),
                timestamp: dataTimestamp ?? Date(timeIntervalSince1970: 0)
            )
        }
        return typed
    }
}
