public import Foundation
public import HTTPLoading
import HTTPTypes

/// Why a resource (or any ``Loadable``) has no fresh data: what went wrong, when, and a message
/// fit to show to a user.
public struct ResourceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Cause: Sendable {
        /// The load failed in the loader chain (transport failure or unacceptable status).
        case load(LoadError)
        /// The server answered with a status that is not a success.
        case status(LoadResponse)
        /// The server answered 304 Not Modified but there is no local data to keep.
        case notModifiedWithoutData
        /// The body could not be decoded into content; the message names what was wrong.
        case decoding(String)
        /// The content is not of the type a ``TypedResource`` expects.
        case contentTypeMismatch(expected: String, actual: String)
        /// The request was cancelled; never stored as a resource's latest error.
        case cancelled
        /// Any other failure, e.g. from a ``AsyncLoadable``'s operation.
        case other(description: String)
    }

    /// What went wrong.
    public var cause: Cause
    /// When the error happened, by the resource's clock.
    public var timestamp: Date
    /// A short message fit to show to a user.
    public var userMessage: String

    /// Creates an error; the message defaults to a description of the cause.
    public init(_ cause: Cause, timestamp: Date, userMessage: String? = nil) {
        self.cause = cause
        self.timestamp = timestamp
        self.userMessage = userMessage ?? Self.defaultMessage(for: cause)
    }

    /// Wraps any error: ``ResourceError`` passes through (re-stamped), `LoadError` and
    /// cancellation are recognised, anything else becomes ``Cause-swift.enum/other(description:)``.
    public static func wrapping(_ error: any Error, timestamp: Date) -> ResourceError {
        switch error {
        case var error as ResourceError:
            error.timestamp = timestamp
            return error
        case let error as LoadError:
            return ResourceError(error.isCancellation ? .cancelled : .load(error), timestamp: timestamp)
        case is CancellationError:
            return ResourceError(.cancelled, timestamp: timestamp)
        default:
            return ResourceError(.other(description: String(describing: error)), timestamp: timestamp)
        }
    }

    /// Whether this reports a cancellation rather than a failure.
    public var isCancellation: Bool {
        if case .cancelled = cause { return true }
        return false
    }

    /// The HTTP status of the failed response, when there was one.
    public var httpStatus: Int? {
        switch cause {
        case .status(let response): return response.status.code
        case .load(let error): return error.response?.status.code
        case .notModifiedWithoutData: return 304
        default: return nil
        }
    }

    /// The failed response, when there was one.
    public var response: LoadResponse? {
        switch cause {
        case .status(let response): return response
        case .load(let error): return error.response
        default: return nil
        }
    }

    /// The user message and the cause.
    public var description: String { "ResourceError(\(userMessage))" }

    private static func defaultMessage(for cause: Cause) -> String {
        switch cause {
        case .load(let error):
            switch error.code {
            case .cannotConnect: return "Unable to connect to the server"
            case .timedOut: return "The request timed out"
            case .connectionLost: return "The connection was lost"
            case .unacceptableStatus: return error.response.map { "Server error \($0.status.code)" } ?? "Server error"
            default: return "The request failed (\(error.code))"
            }
        case .status(let response):
            let reason = response.status.reasonPhrase
            return reason.isEmpty ? "Server error \(response.status.code)" : "\(reason) (\(response.status.code))"
        case .notModifiedWithoutData: return "The server reported no changes, but there is no local data"
        case .decoding(let message): return "Cannot read the server's response: \(message)"
        case .contentTypeMismatch(let expected, let actual): return "Expected \(expected) but got \(actual)"
        case .cancelled: return "The request was cancelled"
        case .other(let description): return description
        }
    }
}
