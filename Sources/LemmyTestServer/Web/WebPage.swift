/// A page of the test server's simulated web: what a link fetched by the server answers.
///
/// Lemmy fetches the pages that posts link to (GetSiteMetadata, the link previews of new posts).
/// The test server cannot reach the real web, and tests must not depend on it, so it keeps a web
/// of its own: pages published with ``LemmyTestServer/publish(_:at:)`` and served to its own
/// fetches, as a real server's outbound requests would be answered. See
/// ``LemmyTestServer/publish(_:at:)`` for how host names resolve.
public struct WebPage: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The `Content-Type` header, if any.
    public var contentType: String?
    /// The `Location` header, if any (a redirect).
    public var location: String?
    /// The body's bytes.
    public var body: [UInt8]

    /// A page with any status, headers and body.
    public init(status: Int = 200, contentType: String? = nil, location: String? = nil, body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }

    /// An HTML page (`text/html; charset=utf-8`) with `html` as its body.
    public static func html(_ html: String, status: Int = 200) -> WebPage {
        WebPage(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }

    /// A redirect (302) to `location`.
    public static func redirect(to location: String, status: Int = 302) -> WebPage {
        WebPage(status: status, location: location)
    }

    /// An HTML page with Open Graph tags, as a news site's article has them: `og:title`,
    /// `og:description`, `og:image` and `og:video` when given, and a `<title>` of its own.
    public static func article(title: String, description: String? = nil, image: String? = nil, video: String? = nil) -> WebPage {
        var head = ["<!DOCTYPE html>", "<html><head>", "<meta charset=\"utf-8\">", "<title>\(escaped(title))</title>"]
        head.append("<meta property=\"og:title\" content=\"\(escaped(title))\">")
        if let description { head.append("<meta property=\"og:description\" content=\"\(escaped(description))\">") }
        if let image { head.append("<meta property=\"og:image\" content=\"\(escaped(image))\">") }
        if let video { head.append("<meta property=\"og:video\" content=\"\(escaped(video))\">") }
        head += ["</head>", "<body><p>\(escaped(description ?? title))</p></body></html>"]
        return .html(head.joined(separator: "\n"))
    }

    /// `text` with the characters HTML gives meaning to written as entities.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
