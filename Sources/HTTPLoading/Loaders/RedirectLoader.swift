import Foundation
import HTTPTypes

/// The most redirects one request follows; 0 returns redirect responses as they are.
public enum RedirectLimitOption: RequestOption {
    /// Ten, like most browsers' minimum.
    public static let defaultValue = 10
}

/// Follows redirects safely. Terminal loaders never follow redirects themselves, so this is the
/// one place the policy lives:
/// - at most ``RedirectLimitOption`` hops, then ``LoadError/Code-swift.enum/tooManyRedirects``;
/// - 303, and 301/302 after a POST, continue as GET without a body; 307/308 keep method and body;
/// - a hop to another origin drops `Authorization`, `Proxy-Authorization` and `Cookie`;
/// - https is never downgraded to http (``LoadError/Code-swift.enum/invalidRedirect``).
public final class RedirectLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()

    /// Creates a redirect-following loader.
    public init() {}

    /// Sends the request and follows the redirects of its response.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let response = try await next.load(request)
        guard Self.isRedirect(response.statusCode), request.options[RedirectLimitOption.self] > 0 else { return response }
        return try await followRedirects(from: response, of: request)
    }

    /// Follows the redirect `response` and those after it, up to the request's limit. A function
    /// of its own, to keep `load`'s async frame small.
    @inline(never)
    private func followRedirects(from response: LoadResponse, of request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let limit = request.options[RedirectLimitOption.self]
        var response = response
        var current = request
        var hops = 0
        while Self.isRedirect(response.statusCode) {
            guard hops < limit else {
                throw LoadError(.tooManyRedirects, request: request, response: response, message: "more than \(limit) redirects")
            }
            current = try Self.follow(response, from: current)
            hops += 1
            response = try await next.load(current)
        }
        return response
    }

    /// A switch, not a set: this runs for every response.
    private static func isRedirect(_ code: Int) -> Bool {
        switch code {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }
    private static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    static func follow(_ response: LoadResponse, from request: LoadRequest) throws(LoadError) -> LoadRequest {
        guard let location = response.headerFields[.location], let base = request.url,
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let targetOrigin = Origin(target), ["http", "https"].contains(targetOrigin.scheme)
        else {
            throw LoadError(.invalidRedirect, request: request, response: response, message: "redirect without a usable Location")
        }
        if request.origin?.scheme == "https", targetOrigin.scheme == "http" {
            throw LoadError(.invalidRedirect, request: request, response: response, message: "refused to downgrade https to http")
        }
        var next = request
        var head = HTTPRequest(url: target)
        head.method = request.method
        head.headerFields = request.headerFields
        let status = response.statusCode
        if status == 303 || ((status == 301 || status == 302) && request.method == .post) {
            head.method = .get
            next.body = EmptyBody()
            head.headerFields[.contentType] = nil
            head.headerFields[.contentLength] = nil
        }
        if targetOrigin != request.origin {
            for name in credentialFields { head.headerFields[name] = nil }
        }
        next.head = head
        return next
    }
}
