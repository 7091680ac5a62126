import Foundation
import HTTPLoading
import HTTPTypes

/// The scripted states of a fake resource: it shows the first, and each load moves to the next.
@MainActor
final class FakeScript {
    private let script: [ResourceState<any Sendable>]
    private var index = 0
    let canReload: Bool

    init(_ script: [ResourceState<any Sendable>], canReload: Bool) {
        precondition(!script.isEmpty, "a fake needs at least one state")
        self.script = script
        self.canReload = canReload
    }

    var current: ResourceState<any Sendable> { script[index] }

    /// Moves to the next state, if any, and shows it; the request ends at once, no network.
    func load(_ resource: Resource) -> ResourceRequest {
        if index + 1 < script.count {
            index += 1
            apply(to: resource)
            resource.notify(current.latestError != nil ? .error : .newData(.localOverride))
        }
        let state = current
        let now = resource.service.clock.now
        return ResourceRequest(
            method: .get,
            task: Task {
                if let error = state.latestError { return .failure(error) }
                guard let content = state.content else { return .success(.notModified) }
                return .success(
                    .newData(ResourceEntity(content: content, headerFields: state.headerFields, timestamp: state.dataTimestamp ?? now)))
            })
    }

    func apply(to resource: Resource) {
        let state = current
        resource.latestData = state.content.map {
            ResourceEntity(content: $0, headerFields: state.headerFields, timestamp: state.dataTimestamp ?? resource.service.clock.now)
        }
        resource.content = state.content
        resource.latestError = state.latestError
        resource.isLoading = state.isLoading
        resource.isRequesting = state.isRequesting
    }
}

/// The loader behind fakes: every request fails at once, so a fake never touches a network.
final class NoNetworkLoader: HTTPLoader {
    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        throw LoadError(.cannotConnect, request: request, message: "fakes have no network")
    }

    func reset(in context: ResetContext) async { _ = context.claim(self) }
}

extension ResourceService {
    /// The service fakes belong to: no network, a fixed clock start.
    static let fakes = ResourceService(baseURL: URL(string: "fake://resources")!, loader: NoNetworkLoader())
}
