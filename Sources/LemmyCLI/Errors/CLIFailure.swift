public import LemmyMiddleware
import LemmyAPI

/// A failure reported to the user as one line on standard error plus an ``ExitStatus``.
///
/// Every command funnels its errors through ``init(_:action:instance:)`` so the wording names what
/// failed and what to do about it, and no error ever escapes as a stack trace or a Swift dump.
public struct CLIFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line printed to standard error (without the `lemmy: ` prefix).
    public var message: String
    /// The process exit status.
    public var status: ExitStatus

    /// Creates a failure with a ready message.
    public init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    /// The message.
    public var description: String { message }
}

extension CLIFailure {
    /// Maps a middleware error to a message and status.
    ///
    /// - Parameters:
    ///   - error: what the middleware threw.
    ///   - action: what was being done, e.g. `loading the feed`.
    ///   - instance: the instance URL as the user typed or configured it.
    public init(_ error: ApiClientError, action: String, instance: String) {
        let reason = Self.shorten(error.reason ?? "unknown")
        switch error.kind {
        case .transport:
            self.init(
                "\(action) failed: cannot reach \(instance) (\(reason)); check the URL and that the instance is up",
                status: .unavailable)
        case .notLoggedIn:
            self.init(
                "\(action) failed: not logged in to \(instance) (or the token expired); run `lemmy login USERNAME --instance \(instance)`",
                status: .auth)
        case .permissionDenied:
            self.init("\(action) failed: this account is not permitted to do that on \(instance)", status: .auth)
        case .rateLimited:
            self.init("\(action) failed: \(instance) is rate limiting requests; wait a minute and try again", status: .temporary)
        case .httpStatus where error.isRetryable:
            self.init(
                "\(action) failed: \(instance) answered HTTP \(error.httpStatus ?? 0) (a server error); try again later",
                status: .temporary)
        case .httpStatus:
            self.init("\(action) failed: \(instance) answered HTTP \(error.httpStatus ?? 0); check the instance URL", status: .software)
        case .lemmy:
            // The code and message are the server's own text: one line, of bounded length.
            let code = Self.shorten(error.lemmyCode?.code ?? "unknown")
            let detail = error.message.map { " (\(Self.shorten($0)))" } ?? ""
            self.init("\(action) failed: \(instance) refused with `\(code)`\(detail)", status: .software)
        case .decoding:
            self.init(
                "\(action) failed: the answer from \(instance) did not decode (\(reason)); is it a Lemmy instance?",
                status: .badData)
        case .unsupported:
            self.init(
                "\(action) failed: \(instance) is not supported (\(reason)); lemmy speaks Lemmy 0.18, 0.19 and 1.0",
                status: .unsupported)
        case .unavailableInVersion:
            self.init(
                "\(action) failed: the Lemmy version of \(instance) does not have this (\(reason)); choose another option",
                status: .unsupported)
        case .cancelled:
            self.init("\(action) cancelled", status: .software)
        case .invalidInput:
            self.init("\(action) failed: \(reason)", status: .badData)
        default:
            // A kind added after this command was written: say what the middleware says.
            self.init("\(action) failed: \(Self.shorten(error.description))", status: .software)
        }
    }

    /// Maps any error, keeping a ``CLIFailure`` as it is.
    public init(any error: any Error, action: String, instance: String) {
        if let failure = error as? CLIFailure {
            self = failure
        } else if let error = error as? ApiClientError {
            self.init(error, action: action, instance: instance)
        } else {
            self.init("\(action) failed: \(Self.shorten(String(describing: error)))", status: .software)
        }
    }

    /// Keeps a reason on one readable line: transport errors can be multi-line dumps.
    static func shorten(_ text: String, limit: Int = 160) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }
}
