import Foundation

/// What `lemmy` remembers between runs: the default instance and, after `lemmy login`, the
/// account's token. Stored as JSON readable only by the user (see ``ConfigStore``).
public struct ConfigFile: Codable, Sendable, Equatable {
    /// The instance used when a command has no `--instance`.
    public var instance: String?
    /// The signed-in user's name, for `whoami` without a request.
    public var username: String?
    /// The JWT of the signed-in account on ``instance``.
    public var token: String?

    /// Creates a configuration.
    public init(instance: String? = nil, username: String? = nil, token: String? = nil) {
        self.instance = instance
        self.username = username
        self.token = token
    }
}
