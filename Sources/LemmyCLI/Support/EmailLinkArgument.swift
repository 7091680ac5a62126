import Foundation
import LemmyAPI
import LemmyMiddleware

/// The token of a link Lemmy emailed, from what a person pastes: the whole link, or the token.
enum EmailLinkArgument {
    /// The token in `text`, a link of `kind`'s sort or a bare token; a usage failure for
    /// anything else, a link of the other sort included.
    static func token(_ text: String, expecting kind: Kind, action: String) throws(CLIFailure) -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains("/") {
            guard let url = URL(string: text), let link = AccountEmailLink(url: url) else {
                throw CLIFailure(
                    "\(action) failed: `\(CLIFailure.shorten(text))` is not \(kind.linkName) (…/\(kind.pathSegment)/TOKEN)",
                    status: .usage)
            }
            guard kind.matches(link) else {
                throw CLIFailure("\(action) failed: that is not \(kind.linkName) but the other kind Lemmy emails", status: .usage)
            }
            return link.token
        }
        // A bare token is checked as a link's would be.
        guard let url = URL(string: "https://instance.invalid/\(kind.pathSegment)/\(text)"), AccountEmailLink(url: url) != nil else {
            throw CLIFailure("\(action) failed: `\(CLIFailure.shorten(text))` is neither a link nor a token", status: .usage)
        }
        return text
    }

    /// The two sorts of link.
    enum Kind {
        case verifyEmail
        case passwordChange

        var pathSegment: String {
            switch self {
            case .verifyEmail: "verify_email"
            case .passwordChange: "password_change"
            }
        }

        var linkName: String {
            switch self {
            case .verifyEmail: "an email verification link"
            case .passwordChange: "a password reset link"
            }
        }

        func matches(_ link: AccountEmailLink) -> Bool {
            switch (self, link) {
            case (.verifyEmail, .verifyEmail), (.passwordChange, .passwordChange): true
            default: false
            }
        }
    }
}

extension CLIFailure {
    /// The failure of a call that took an emailed link: an unknown, used or expired token says
    /// how to get a new link (`renew`).
    init(linkError error: ApiClientError, action: String, instance: String, renew: String) {
        if error.lemmyCode == .tokenNotFound {
            self.init("\(action) failed: \(instance) does not know that link (mistyped, used or expired); \(renew)", status: .usage)
        } else {
            self.init(error, action: action, instance: instance)
        }
    }
}
