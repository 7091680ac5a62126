/// What an ``ApiClient`` may send. Apps switch inactive accounts' clients to ``readOnly`` or
/// ``none`` so a stray view cannot act as the wrong account.
public enum ApiClientPermissions: Sendable, Hashable, CustomStringConvertible {
    /// Every request.
    case all
    /// Reads only; mutations fail with ``ApiClientError/permissionDenied(_:)`` and leave models untouched.
    case readOnly
    /// Nothing; every request fails with ``ApiClientError/permissionDenied(_:)``.
    case none

    /// `all`, `read-only` or `none`.
    public var description: String {
        switch self {
        case .all: "all"
        case .readOnly: "read-only"
        case .none: "none"
        }
    }
}
