import LemmyAPI
/// Saving an account: an app that logs in must keep the token somewhere (a keychain, a
/// configuration file) to build the same client next launch with
/// `ApiClient.getApiClient(for: credentials)`.
extension ApiClient {
    /// The instance and token of a signed-in client, to persist; nil for a guest or after
    /// ``logout()``. Treat the value as a secret: its description redacts the token.
    public var credentials: AccountCredentials? {
        tokenStore.token.map { AccountCredentials(instanceURL: baseURL, token: $0) }
    }
}
