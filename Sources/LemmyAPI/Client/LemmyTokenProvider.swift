internal import Locking
import HTTPLoading

/// Supplies the JWT a ``LemmyRawClient`` sends; `nil` means a guest.
public protocol LemmyTokenProvider: Sendable {
    /// The token to send now, or nil for none.
    func currentToken() async -> String?
}

/// A token held in memory that can be replaced (after login or logout).
///
/// Its description never shows the token.
public final class LemmyTokenStore: LemmyTokenProvider, CustomStringConvertible {
    private let storage: Locked<String?>

    /// Creates a store holding `token`.
    public init(_ token: String? = nil) { storage = Locked(token) }

    /// The token, or nil.
    public var token: String? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// The token, or nil.
    public func currentToken() async -> String? { token }

    /// `LemmyTokenStore(<redacted>)` or `LemmyTokenStore(nil)`.
    public var description: String { "LemmyTokenStore(\(token == nil ? "nil" : "<redacted>"))" }
}
