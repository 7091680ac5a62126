public import Foundation
public import LemmyMiddleware

/// What a command works with: the instance it resolved, the configuration, and an `ApiClient`
/// carrying the stored token when that token belongs to the same instance.
@MainActor
public struct Session {
    /// The instance as shown in messages.
    public let instance: String
    /// The instance URL.
    public let url: URL
    /// The configuration as loaded.
    public let config: ConfigFile
    /// Where the configuration lives.
    public let store: ConfigStore
    /// The client: signed in if the configuration has a token for ``url``, else a guest.
    public let client: ApiClient

    /// Resolves the instance (`--instance`, else the configured one) and makes the client.
    public init(_ options: ClientOptions) throws(CLIFailure) {
        store = options.store
        config = try store.load()
        guard let text = options.instance ?? config.instance else {
            throw CLIFailure(
                "no instance: pass --instance URL (e.g. https://lemmy.ml) or run `lemmy login USERNAME --instance URL`",
                status: .usage)
        }
        url = try Self.parse(text)
        instance = url.absoluteString
        let token = Self.sameInstance(config.instance, url) ? config.token : nil
        client = ApiClient.getApiClient(for: url, with: token)
    }

    /// Fails with the auth status unless the client holds a token.
    public func requireLogin(_ action: String) throws(CLIFailure) {
        guard client.isAuthenticated else {
            throw CLIFailure(
                "\(action) failed: not logged in to \(instance); run `lemmy login USERNAME --instance \(instance)`",
                status: .auth)
        }
    }

    /// Loads the account (when signed in) so people fetched next know whether the account blocks
    /// them: Lemmy 0.18 and 0.19 leave the viewer's block out of a profile, and the middleware
    /// fills it from the account's block list.
    public func loadAccountForBlocks() async throws(CLIFailure) {
        guard client.isAuthenticated else { return }
        _ = try await run("loading the account") { try await client.loadAccount() }
    }

    /// Runs `body`, turning any error into a ``CLIFailure`` that names `action`.
    public func run<T>(_ action: String, _ body: () async throws -> T) async throws(CLIFailure) -> T {
        do { return try await body() } catch { throw CLIFailure(any: error, action: action, instance: instance) }
    }

    /// A URL from user input; `lemmy.ml` means `https://lemmy.ml`.
    public static func parse(_ text: String) throws(CLIFailure) -> URL {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CLIFailure("bad instance URL `\(text)`; use e.g. https://lemmy.ml", status: .usage)
        }
        // The HTTP layer refuses plain http off loopback; saying so here beats a transport error.
        if scheme == "http", !["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host ?? "") {
            throw CLIFailure(
                "plain http to \(url.host ?? text) is refused (a token would travel unencrypted); use https://", status: .usage)
        }
        return url
    }

    /// Whether a configured instance string names `url`.
    static func sameInstance(_ configured: String?, _ url: URL) -> Bool {
        guard let configured, let configuredURL = try? parse(configured) else { return false }
        return configuredURL == url
    }
}
