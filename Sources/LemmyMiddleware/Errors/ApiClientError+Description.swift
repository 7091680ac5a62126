public import Foundation
internal import LemmyAPI

extension ApiClientError: CustomStringConvertible {
    /// A one-line technical description, for logs. Never contains the token.
    public var description: String {
        switch kind {
        case .permissionDenied:
            return "the client's permissions (\(permissions.map { "\($0)" } ?? "unknown")) refuse this request"
        case .notLoggedIn:
            return "not logged in" + (lemmyCode.map { " (\($0.code))" } ?? "")
        case .lemmy:
            return "Lemmy error \(lemmyCode?.code ?? "unknown")" + (message.map { ": \($0)" } ?? "")
        case .rateLimited:
            return "rate limited" + (retryAfter.map { ", retry after \($0)" } ?? "")
        case .httpStatus:
            return "HTTP \(httpStatus.map(String.init) ?? "status")"
        case .transport:
            return "transport failure: \(reason ?? "unknown")"
        case .decoding:
            return "undecodable answer: \(reason ?? "unknown")"
        case .unsupported:
            return "unsupported: \(reason ?? "unknown")"
        case .unavailableInVersion:
            return "not available on this server: \(reason ?? "unknown")"
        case .cancelled:
            return "cancelled"
        case .invalidInput:
            return "invalid input: \(reason ?? "unknown")"
        default:
            return kind.description + (reason.map { ": \($0)" } ?? "")
        }
    }
}

extension ApiClientError: LocalizedError {
    /// A sentence a person can read, for an alert. It names what went wrong and, where there is
    /// one, what to do; it never includes the server's own message (untrusted, and not localised).
    public var errorDescription: String? {
        switch kind {
        case .permissionDenied:
            return permissions == .readOnly ? "This account is read-only here." : "This account is not allowed to do that."
        case .notLoggedIn:
            // Also 0.19's and 1.0's `incorrect_login`, their answer to a session they no longer accept.
            return "You are not logged in, or your session has expired. Log in again."
        case .lemmy:
            return lemmyCode.map(Self.sentence(for:)) ?? "The server refused the request."
        case .rateLimited:
            if let retryAfter { return "The server is busy. Try again in \(Self.seconds(retryAfter)) seconds." }
            return "The server is busy. Try again in a minute."
        case .httpStatus:
            if let status = httpStatus, status >= 500 { return "The server had a problem (HTTP \(status)). Try again later." }
            return "The server answered with HTTP \(httpStatus.map(String.init) ?? "an error")."
        case .transport:
            return "The server could not be reached. Check the connection and try again."
        case .decoding:
            return "The server's answer could not be read. It may not be a Lemmy instance, or a newer version."
        case .unsupported, .unavailableInVersion:
            return "This server's Lemmy version does not support that."
        case .cancelled:
            return "Cancelled."
        case .invalidInput:
            return "That is not valid input for this request."
        default:
            return "The request failed."
        }
    }

    /// Readable sentences for the codes an app most often shows; the rest are spelled out from the
    /// code itself (`couldnt_find_post` → "Couldnt find post.").
    static func sentence(for code: LemmyErrorCode) -> String {
        switch code {
        case .incorrectLogin, .passwordIncorrect: return "The username or password is wrong."
        case .missingTotpToken: return "Enter the code from your authenticator app."
        case .incorrectTotpToken: return "The authenticator code is wrong."
        case .notAModerator, .notAModOrAdmin: return "Only a moderator of this community can do that."
        case .notAnAdmin: return "Only an admin of this instance can do that."
        case .bannedFromCommunity, .personIsBannedFromCommunity, .unknown("community_ban"): return "You are banned from this community."
        case .siteBan, .personIsBannedFromSite, .banned: return "You are banned from this instance."
        case .emailNotVerified: return "Verify your email address first."
        case .registrationApplicationIsPending: return "Your registration application has not been approved yet."
        case .captchaIncorrect: return "The captcha answer is wrong."
        case .couldNotFindPost, .couldntFindPost: return "This post no longer exists."
        case .couldntFindComment: return "This comment no longer exists."
        case .couldNotFindCommunity, .couldntFindCommunity: return "This community does not exist."
        case .couldntFindPerson: return "This person does not exist."
        // 1.0 also answers `locked` to a reply to a locked comment.
        case .locked, .postIsLocked: return "This post or thread is locked."
        default:
            let words = code.code.replacingOccurrences(of: "_", with: " ")
            return words.prefix(1).uppercased() + words.dropFirst() + "."
        }
    }

    private static func seconds(_ duration: Duration) -> Int64 {
        max(1, duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0))
    }
}
