import Foundation
import LemmyAPI

/// Lemmy's fetch of a link's metadata (GetSiteMetadata), per version, over the simulated web.
///
/// Facts from Lemmy's source: 0.18.5 `fetch_site_metadata`/`html_to_site_metadata`, 0.19.13 and
/// 1.0 `fetch_link_metadata`/`extract_opengraph_data` (`request.rs`), activitypub-federation
/// 0.7's `validate_ip` (1.0), and the error texts of reqwest 0.11 behind reqwest-middleware 0.2
/// (0.18, 0.19: `Request error: ...`) and reqwest 0.13 behind reqwest-middleware 0.5 (1.0).
/// Release builds are imitated: their check against internal addresses is on (debug builds of
/// 0.19 and 1.0 skip it).
extension SimulatedWeb {
    /// The first MiB is all Lemmy 0.19 and 1.0 read of a page (`bytes_to_fetch`).
    static let htmlLimit = 1 << 20

    /// The metadata of the page at `text`, as `dialect` answers GetSiteMetadata.
    func linkMetadata(_ text: String, dialect: LemmyDialect) throws -> ApiLinkMetadata {
        guard let url = Self.absoluteURL(text) else {
            switch dialect {
            case .v0_18:
                // The query's `url` is a `Url`: serde's refusal, through actix's query extractor.
                throw APIError.badRequest(
                    "Query deserialize error: invalid value: string \(Self.rustDebug(text)), expected \(Self.parseError(text))")
            case .v0_19: throw APIError.code("invalid_url")
            // `Url::parse(..).with_lemmy_type(InvalidUrl)` keeps the parse error as the cause.
            case .v1_0: throw APIError.code("invalid_url", cause: Self.parseError(text))
            }
        }
        return dialect == .v0_18 ? try metadata018(url) : try metadata(url, dialect: dialect, recursion: false)
    }

    // MARK: 0.18

    /// 0.18 fetches with reqwest's default client (no check of the address, redirects 301, 302,
    /// 303, 307 and 308 followed up to ten), reads the whole body whatever its type and status,
    /// and refuses a page whose first line is not `<!doctype html>`.
    private func metadata018(_ start: URL) throws -> ApiLinkMetadata {
        var url = start
        var redirects = 0
        var page: WebPage
        while true {
            guard Self.isWeb(url) else {
                throw APIError.foreign("Request error: builder error for url (\(url.absoluteString)): URL scheme is not allowed")
            }
            page = try reach(url, dialect: .v0_18)
            guard [301, 302, 303, 307, 308].contains(page.status), let location = page.location,
                let next = URL(string: location, relativeTo: url).flatMap({ Self.absoluteURL($0.absoluteString) })
            else { break }
            // `Policy::limited(10)` gives up at the tenth redirect, naming the URL that sent it.
            redirects += 1
            if redirects >= 10 {
                throw APIError.foreign("Request error: error following redirect for url (\(url.absoluteString)): too many redirects")
            }
            url = next
        }
        let html = String(decoding: page.body, as: UTF8.self)
        let trimmed = html.drop { $0.isWhitespace }
        guard let firstLine = trimmed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first, !trimmed.isEmpty
        else { throw APIError.code("No lines in html") }
        guard firstLine.lowercased().hasPrefix("<!doctype html>") else {
            throw APIError.code("Site metadata page fetch is not DOCTYPE html")
        }
        // The `encoding` crate's names, matched exactly.
        let head = try Self.head(page.body, html: html) { charset in
            switch charset {
            case "windows-1252": .windowsCP1252
            case "iso-8859-1": .isoLatin1
            default: nil
            }
        }
        return try Self.openGraph(head, page: url, dialect: .v0_18)
    }

    // MARK: 0.19 and 1.0

    private func metadata(_ url: URL, dialect: LemmyDialect, recursion: Bool) throws -> ApiLinkMetadata {
        guard Self.isWeb(url) else { throw APIError.code("invalid_url") }
        try checkAddress(url, dialect: dialect)
        let page = try reach(url, dialect: dialect)
        if dialect == .v1_0, page.status >= 400 {
            // `error_for_status()`.
            let kind = page.status < 500 ? "client" : "server"
            let reason = Self.reasons[page.status] ?? "<unknown status code>"
            throw APIError.foreign("HTTP status \(kind) error (\(page.status) \(reason)) for url (\(url.absoluteString))")
        }
        // One redirect is followed by hand, through the same checks; a second one's answer is read
        // as it is.
        if let location = page.location, !recursion {
            guard let next = Self.absoluteURL(location) else { throw APIError.foreign(Self.parseError(location)) }
            return try metadata(next, dialect: dialect, recursion: true)
        }
        var contentType = page.contentType.flatMap(MediaType.init) ?? MediaType.guess(path: url.path)
        var result = ApiLinkMetadata()
        if let type = contentType, type.essence == "text/html" || type.essence == "application/xhtml+xml" {
            let bytes = Array(page.body.prefix(Self.htmlLimit))
            let head = try Self.head(bytes, html: String(decoding: bytes, as: UTF8.self), encoding: Self.encoding(label:))
            result = try Self.openGraph(head, page: url, dialect: dialect)
        } else if contentType?.subtype == "octet-stream" {
            contentType = MediaType.sniff(page.body.prefix(512)) ?? contentType
        }
        result.contentType = contentType?.text
        return result
    }

    /// The check against internal addresses: 0.19's own (a URL must name a domain, which must
    /// resolve, and not to an internal address), 1.0's `validate_ip`.
    func checkAddress(_ url: URL, dialect: LemmyDialect) throws {
        let host = Self.bareHost(url)
        let address = resolve(host)
        if case .unresolved = address { throw APIError.foreign("failed to lookup address information: Name or service not known") }
        if dialect == .v0_19 {
            if case .literal = address { throw APIError.code("url_without_domain") }
            if address.isInternalFor019 { throw APIError.code("invalid_url") }
        } else if address.isInternalFor10 {
            let shown = host.contains(":") ? "[\(host)]" : host
            throw APIError.foreign(
                "Resolving domain \(shown) points to local IP address. This may indicate an attacker attempting to access "
                    + "internal services. If intentional, you can ignore this error by setting DANGER_FEDERATION_ALLOW_LOCAL_IP=1")
        }
    }

    /// The page at `url`, or reqwest's failure to connect: a name that does not resolve, or an
    /// address where no page is published (nothing listens there).
    func reach(_ url: URL, dialect: LemmyDialect) throws -> WebPage {
        let host = Self.bareHost(url)
        let cause: String
        switch resolve(host) {
        case .unresolved: cause = "error trying to connect: dns error: failed to lookup address information: Name or service not known"
        case .literal, .internalName:
            guard !hosts.contains(host) else { return page(at: url) }
            cause = "error trying to connect: tcp connect error: Connection refused (os error 111)"
        case .publicName: return page(at: url)
        }
        // reqwest 0.11 shows the error's source after its own text and reqwest-middleware 0.2
        // prefixes it; 1.0's versions do neither.
        if dialect == .v1_0 { throw APIError.foreign("error sending request for url (\(url.absoluteString))") }
        throw APIError.foreign("Request error: error sending request for url (\(url.absoluteString)): \(cause)")
    }

    // MARK: Reading the page

    /// The head of a page, read again in its declared charset when that is not UTF-8 and
    /// `encoding` knows it.
    private static func head(_ bytes: [UInt8], html: String, encoding: (String) -> String.Encoding?) throws -> HTMLHead {
        let head = HTMLHead(html)
        // Lemmy panics on the first reading, in UTF-8.
        if head.panics { throw APIError.panic }
        guard let charset = head.charset, charset != "UTF-8", let other = encoding(charset), other != .utf8,
            let text = String(bytes: bytes, encoding: other)
        else { return head }
        return HTMLHead(text)
    }

    /// encoding_rs' labels for the encodings this server decodes (0.19 and 1.0 re-read a page
    /// whose `<meta charset>` is not exactly `UTF-8`).
    private static func encoding(label: String) -> String.Encoding? {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if ["utf-8", "utf8", "unicode-1-1-utf-8"].contains(label) { return .utf8 }
        let latin = ["windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii", "us-ascii"]
        if latin.contains(label) { return .windowsCP1252 }
        if ["shift_jis", "shift-jis", "sjis", "ms_kanji", "windows-31j"].contains(label) { return .shiftJIS }
        return nil
    }

    /// Lemmy's metadata from a head: the Open Graph title and description, else the page's own;
    /// the first image and video, joined to the page's URL (1.0 skips an empty one first, and
    /// adds their `width` and `height`). A head webpage panics on is Lemmy's panic.
    static func openGraph(_ head: HTMLHead, page url: URL, dialect: LemmyDialect) throws -> ApiLinkMetadata {
        if head.panics { throw APIError.panic }
        var result = ApiLinkMetadata()
        result.title = head.properties["title"] ?? head.title
        result.description = head.properties["description"] ?? head.description
        let image = dialect == .v1_0 ? head.images.first.flatMap { $0.url.isEmpty ? nil : $0 } : head.images.first
        let video = dialect == .v1_0 ? head.videos.first.flatMap { $0.url.isEmpty ? nil : $0 } : head.videos.first
        result.image = image.flatMap { join($0.url, to: url) }
        result.embedVideoUrl = video.flatMap { join($0.url, to: url) }
        if dialect == .v1_0 {
            func dimension(_ object: HTMLHead.Object?, _ name: String) -> Int? {
                object?.properties[name].flatMap { UInt16($0) }.map(Int.init)
            }
            result.imageWidth = dimension(head.images.first, "width")
            result.imageHeight = dimension(head.images.first, "height")
            result.videoWidth = dimension(head.videos.first, "width")
            result.videoHeight = dimension(head.videos.first, "height")
        }
        return result
    }

    /// The `http` crate's canonical reasons, for the statuses pages use.
    static let reasons = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 410: "Gone",
        418: "I'm a teapot", 429: "Too Many Requests", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
