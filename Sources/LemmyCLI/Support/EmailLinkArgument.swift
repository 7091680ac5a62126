import Foundation
import LemmyAPI
import LemmyMiddleware

/// The token of a link Lemmy emailed, from what a person pastes: the whole link, or the token.
enum EmailLinkArgument {
    /// The token in `text`, a link of `kind`'s sort to `instance`, or a bare token; a usage
    /// failure for anything else: a link of the other sort, or to another instance (its token
    /// is that instance's, and must not be sent elsewhere).
    static func token(_ text: String, expecting kind: Kind, instance: URL, action: String) throws(CLIFailure) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let isLink = text.contains("/")
        // A link pasted without its scheme, `lemmy.world/verify_email/TOKEN`, is an https one.
        if isLink && !text.contains("://") { text = "https://" + text }
        // A bare token is read as a link's would be.
        guard let url = URL(string: isLink ? text : "https://instance.invalid/\(kind.pathSegment)/\(text)"),
            let link = AccountEmailLink(url: url)
        else {
            let problem = isLink ? "is not \(kind.linkName) (…/\(kind.pathSegment)/TOKEN)" : "is neither a link nor a token"
            throw CLIFailure("\(action) failed: `\(CLIFailure.shorten(text))` \(problem)", status: .usage)
        }
        guard kind.matches(link) else {
            throw CLIFailure("\(action) failed: that is not \(kind.linkName) but the other kind Lemmy emails", status: .usage)
        }
        if isLink, let home = AccountEmailLink.instance(of: url), !sameHost(home, instance) {
            throw CLIFailure(
                "\(action) failed: the link is for \(home.host ?? "another instance"), not \(instance.host ?? "this one"); pass --instance \(home.absoluteString)",
                status: .usage)
        }
        // A bare token is sent as typed, so it must be one as typed (no `?`, `#` or `%` escapes).
        if !isLink && link.token != text {
            throw CLIFailure("\(action) failed: `\(CLIFailure.shorten(text))` is neither a link nor a token", status: .usage)
        }
        return link.token
    }

    /// Whether two instance URLs name the same host and port (a scheme's default port when none is given).
    private static func sameHost(_ one: URL, _ other: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443) }
        return one.host?.lowercased() == other.host?.lowercased() && port(one) == port(other)
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
            self.init("\(action) failed: \(instance) does not know that link (mistyped, used or expired); \(renew)", status: .software)
        } else {
            self.init(error, action: action, instance: instance)
        }
    }
}
