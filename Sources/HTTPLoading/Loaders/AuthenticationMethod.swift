/// How a request authenticates; read by auth loaders (to skip requests that are not theirs) and
/// by a ``RouterLoader`` (to send a request down the matching branch).
public enum AuthenticationMethod: Hashable, Sendable {
    /// Sent without credentials.
    case none
    /// HTTP Basic.
    case basic
    /// A bearer token.
    case bearer
    /// Any other scheme, by name.
    case custom(String)
}

/// The authentication method of one request; `nil` lets each auth loader apply its own.
public enum AuthenticationMethodOption: RequestOption {
    /// Unspecified.
    public static let defaultValue: AuthenticationMethod? = nil
}

extension LoadRequest {
    /// Whether an auth loader for `method` should authenticate this request.
    func wantsAuthentication(by method: AuthenticationMethod) -> Bool {
        guard let chosen = options[AuthenticationMethodOption.self] else { return true }
        return chosen == method
    }
}
