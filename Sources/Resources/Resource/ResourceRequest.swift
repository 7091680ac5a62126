public import HTTPLoading
public import HTTPTypes

/// How a request through a resource ended well.
public enum ResourceOutcome: Sendable {
    /// A load stored new data.
    case newData(ResourceEntity)
    /// A load confirmed the data unchanged.
    case notModified
    /// A plain request (one that does not touch the resource's state) got this response.
    case response(LoadResponse)
}

/// A handle on one request made through a resource: await its outcome or cancel it.
///
/// Two handles are equal when they stand for the same request, which is how a joined load shows.
public struct ResourceRequest: Sendable, Hashable {
    /// The request method.
    public let method: HTTPRequest.Method
    let task: Task<Result<ResourceOutcome, ResourceError>, Never>

    init(method: HTTPRequest.Method, task: Task<Result<ResourceOutcome, ResourceError>, Never>) {
        self.method = method
        self.task = task
    }

    /// Waits for the request to end.
    public func result() async -> Result<ResourceOutcome, ResourceError> {
        await task.value
    }

    /// Waits for the request to end; throws its error (a cancellation has
    /// ``ResourceError/isCancellation`` set).
    @discardableResult
    public func value() async throws(ResourceError) -> ResourceOutcome {
        try await task.value.get()
    }

    /// Cancels the request. A cancelled load changes nothing in the resource.
    public func cancel() { task.cancel() }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { task.isCancelled }

    /// Identity by request.
    public static func == (lhs: ResourceRequest, rhs: ResourceRequest) -> Bool { lhs.task == rhs.task }
    /// Hashes the request's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(task) }
}
