public import HTTPTypes

/// Which response statuses count as success.
public struct StatusPolicy: Sendable {
    private let accepts: @Sendable (HTTPResponse.Status) -> Bool

    /// A policy accepting the statuses for which `accepts` returns `true`.
    public init(accepts: @escaping @Sendable (HTTPResponse.Status) -> Bool) { self.accepts = accepts }

    /// Whether `status` is acceptable.
    public func accepts(_ status: HTTPResponse.Status) -> Bool { accepts(status) }

    /// 2xx only.
    public static let successful = StatusPolicy { $0.kind == .successful }
    /// 2xx and 304 Not Modified (for conditional requests).
    public static let successfulOrNotModified = StatusPolicy { $0.kind == .successful || $0 == .notModified }
    /// Any status: the caller inspects it.
    public static let any = StatusPolicy { _ in true }
    /// Statuses in `codes`.
    public static func codes(_ codes: Set<Int>) -> StatusPolicy { StatusPolicy { codes.contains($0.code) } }
}

/// Overrides the ``ValidationLoader``'s policy for one request.
public enum StatusPolicyOption: RequestOption {
    /// No override.
    public static let defaultValue: StatusPolicy? = nil
}

/// Turns responses whose status the policy rejects into ``LoadError/Code-swift.enum/unacceptableStatus``
/// errors that keep the response.
public final class ValidationLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let policy: StatusPolicy

    /// Creates a loader validating with `policy`.
    public init(policy: StatusPolicy = .successful) { self.policy = policy }

    /// Forwards the request and validates the response's status.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let response = try await next.load(request)
        let policy = request.options[StatusPolicyOption.self] ?? self.policy
        guard policy.accepts(response.status) else {
            throw LoadError(
                .unacceptableStatus, request: request, response: response,
                message: "status \(response.status.code) \(response.status.reasonPhrase)")
        }
        return response
    }
}
