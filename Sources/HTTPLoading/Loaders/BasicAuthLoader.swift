internal import Locking
import Foundation
import HTTPTypes

/// A user name and password for HTTP Basic authentication.
public struct BasicCredentials: Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header value.
    public var headerValue: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }
}

/// Credentials for one request, overriding the ``BasicAuthLoader``'s.
public enum BasicCredentialsOption: RequestOption {
    /// No override.
    public static let defaultValue: BasicCredentials? = nil
}

/// Adds HTTP Basic credentials: from the request's ``BasicCredentialsOption``, else the stored
/// ones, else asks the provider once while every request that needs them waits for its answer.
///
/// A reset forgets stored credentials; a provider answer that arrives after a reset is discarded.
public final class BasicAuthLoader: ChainedLoader {
    /// Supplies credentials when none are stored (e.g. by asking the user); `nil` means none.
    public typealias Provider = @Sendable () async throws -> BasicCredentials?

    /// The link to the next loader.
    public let next = NextLoader()
    private let provider: Provider?
    private let state: Locked<State>

    private struct State {
        var stored: BasicCredentials?
        var pending: Task<BasicCredentials?, any Error>?
        var generation = 0
    }

    /// Creates a loader with optional stored credentials and an optional provider.
    public init(credentials: BasicCredentials? = nil, provider: Provider? = nil) {
        self.provider = provider
        state = Locked(State(stored: credentials))
    }

    /// The stored credentials.
    public var credentials: BasicCredentials? {
        get { state.withLock { $0.stored } }
        set { state.withLock { $0.stored = newValue } }
    }

    /// Authorises and forwards the request.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard request.wantsAuthentication(by: .basic), request.headerFields[.authorization] == nil else {
            return try await next.load(consume request)
        }
        guard let credentials = try await credentials(for: request) else {
            throw LoadError(.authenticationFailed, request: request, message: "no Basic credentials available")
        }
        request.headerFields[.authorization] = credentials.headerValue
        return try await next.load(consume request)
    }

    /// Forgets stored credentials and any pending request for them.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        let pending = state.withLock { state in
            defer {
                state.stored = nil
                state.pending = nil
                state.generation += 1
            }
            return state.pending
        }
        pending?.cancel()
        await next.reset(in: context)
    }

    private func credentials(for request: LoadRequest) async throws(LoadError) -> BasicCredentials? {
        if let explicit = request.options[BasicCredentialsOption.self] { return explicit }
        guard let provider else { return state.withLock { $0.stored } }
        let (stored, task, generation) = state.withLock { state -> (BasicCredentials?, Task<BasicCredentials?, any Error>?, Int) in
            if let stored = state.stored { return (stored, nil, state.generation) }
            if state.pending == nil { state.pending = Task { try await provider() } }
            return (nil, state.pending, state.generation)
        }
        if let stored { return stored }
        guard let task else { return nil }
        let answer: BasicCredentials?
        do { answer = try await task.value } catch {
            throw LoadError(
                .authenticationFailed, request: request, underlying: SendableErrorBox(error), message: "the credentials provider failed")
        }
        let current = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.stored = answer
            state.pending = nil
            return true
        }
        guard current else { throw LoadError(.resetInProgress, request: request, message: "reset while waiting for credentials") }
        return answer
    }
}
