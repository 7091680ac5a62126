public import Foundation
import HTTPLoading
public import HTTPTypes
public import Observation

/// The client's view of one URL's data: its latest content, latest error, and whether it is
/// loading. There is one instance per URL per ``ResourceService``.
///
/// A resource lives on the main actor and is `@Observable`: SwiftUI views and
/// `withObservationTracking` see ``latestData``, ``content``, ``latestError``, ``isLoading``
/// and ``isRequesting`` change. ``state`` packs them into one immutable snapshot. Observers
/// (``addObserver(_:)``) also get ``ResourceEvent``s, and ``states()`` is an `AsyncSequence`.
@Observable
@MainActor
public final class Resource {
    /// The normalised URL of this resource.
    public let url: URL
    /// The service that made this resource.
    public let service: ResourceService

    /// The latest data, with its headers and timestamp.
    public internal(set) var latestData: ResourceEntity?
    /// The latest content; changes only when the content does (a 304 or an identical body
    /// moves ``latestData``'s timestamp but leaves this alone).
    public internal(set) var content: (any Sendable)?
    /// The error of the latest failed load, cleared by the next success.
    public internal(set) var latestError: ResourceError?
    /// Whether a load is in flight.
    public internal(set) var isLoading = false
    /// Whether any request (a load or a plain request) is in flight.
    public internal(set) var isRequesting = false

    @ObservationIgnored var machine = LoadStateMachine()
    @ObservationIgnored var observers = ObserverRegistry()
    @ObservationIgnored var inFlight: [LoadStateMachine.Ticket: ResourceRequest] = [:]
    @ObservationIgnored var ownRule: ConfigurationRule?
    @ObservationIgnored var needsCacheRead: Bool
    @ObservationIgnored var fake: FakeScript?
    @ObservationIgnored var unobservedSince: Date?
    @ObservationIgnored private var mirroredVersions = (data: 0, error: 0)

    init(url: URL, service: ResourceService) {
        self.url = url
        self.service = service
        needsCacheRead = service.persistentCache != nil
        unobservedSince = service.clock.now
    }

    /// A snapshot of the whole state.
    public var state: ResourceState<any Sendable> {
        ResourceState(
            content: content, latestError: latestError, dataTimestamp: latestData?.timestamp,
            headerFields: latestData?.headerFields ?? [:], isLoading: isLoading, isRequesting: isRequesting,
            isUpToDate: isUpToDate
        )
    }

    /// Whether the data (or latest error) is recent enough that ``loadIfNeeded()`` does nothing.
    public var isUpToDate: Bool {
        if let fake { return fake.current.isUpToDate }
        let configuration = configuration(for: .get)
        return machine.isUpToDate(now: service.clock.now, expiry: configuration.expirationTime, retry: configuration.retryTime)
    }

    /// Whether ``invalidate()`` was called and no load has ended since.
    public var isInvalidated: Bool { machine.isInvalidated }

    /// The configuration for requests with `method`.
    public func configuration(for method: HTTPRequest.Method) -> ResourceConfiguration {
        service.configuration(for: url, method: method, own: ownRule)
    }

    /// Sets this resource's own configuration rule, applied after the service's rules.
    public func configure(methods: Set<HTTPRequest.Method>? = nil, _ apply: @escaping @Sendable (inout ResourceConfiguration) -> Void) {
        ownRule = ConfigurationRule(pattern: .all, methods: methods, apply: apply)
    }

    /// The resource for `path` below this one: `child("b")` of `/a` is `/a/b`.
    public func child(_ path: String) -> Resource {
        var base = url.absoluteString
        if let query = base.firstIndex(of: "?") { base = String(base[..<query]) }
        return service.resource(absoluteURL: ResourceURL.join(URL(string: base) ?? url, path))
    }

    /// The resource for `reference` resolved against this one's URL, like a link in a page.
    public func relative(_ reference: String) -> Resource {
        service.resource(absoluteURL: URL(string: reference, relativeTo: url)?.absoluteURL ?? url)
    }

    /// This resource's URL with the query item `name` set to `value` (removed when `nil`).
    public func withParameter(_ name: String, _ value: String?) -> Resource {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true) ?? URLComponents()
        var items = (components.queryItems ?? []).filter { $0.name != name }
        if let value { items.append(URLQueryItem(name: name, value: value)) }
        components.queryItems = items.isEmpty ? nil : items
        return service.resource(absoluteURL: components.url ?? url)
    }

    /// Copies the state machine's state into the observable properties, touching only the
    /// ones that changed so that observers are not told about nothing.
    func mirror(contentChanged: Bool) {
        if mirroredVersions.data != machine.dataVersion {
            latestData = machine.latestData
            mirroredVersions.data = machine.dataVersion
        }
        if contentChanged { content = machine.latestData?.content }
        if mirroredVersions.error != machine.errorVersion {
            latestError = machine.latestError
            mirroredVersions.error = machine.errorVersion
        }
        if isLoading != machine.isLoading { isLoading = machine.isLoading }
        if isRequesting != machine.isRequesting { isRequesting = machine.isRequesting }
    }

    /// The key of this resource in the persistent cache.
    var cacheKey: String { url.absoluteString }
}
