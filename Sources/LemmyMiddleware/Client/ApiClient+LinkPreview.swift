public import Foundation
internal import LemmyAPI

extension ApiClient {
    /// The preview of `url` as the instance reads it from the page (GetSiteMetadata): for the
    /// post an app is writing with that link.
    ///
    /// The instance fetches the page, so the answer is only as good as the page and the
    /// instance's reach: a page it cannot fetch fails with the instance's error
    /// (``ApiClientError/lemmyCode`` `invalid_url`, `url_without_domain` on 0.19 for an IP
    /// address, or `unknown` with the fetch's own text as ``ApiClientError/message``, which 0.18
    /// sends as plain text). Lemmy 0.19 and 1.0 refuse addresses inside the instance's network,
    /// and need a login (``ApiClientError/notLoggedIn`` before anything is sent); 0.18 answers
    /// guests, and refuses a page that does not start with `<!doctype html>`.
    ///
    /// - Parameter url: an absolute http or https URL; anything else fails with
    ///   ``ApiClientError/Kind/unsupported`` without a request.
    public func linkPreview(for url: URL) async throws(ApiClientError) -> LinkPreview {
        guard LinkPreview.isWebLink(url) else { throw .unsupported("a link preview needs an http or https URL") }
        let version = try await version()
        if !version.usesAuthField { try requireAccount() }
        let form = ApiGetSiteMetadata(url: url.absoluteString)
        let metadata =
            version.generation == .v4
            ? try await send(LemmyV4.GetSiteMetadata(form), mutation: false).metadata
            : try await send(LemmyV3.GetSiteMetadata(form), mutation: false).metadata
        return LinkPreview(metadata)
    }
}

extension LinkPreview {
    /// The preview of an answer: text only when not blank, links only when http or https, sizes
    /// only when both sides are, the media type without its parameters and only when it is one.
    init(_ metadata: ApiLinkMetadata) {
        func webLink(_ text: String?) -> URL? { text.flatMap(URL.init(string:)).flatMap { Self.isWebLink($0) ? $0 : nil } }
        // A blank title or description (webpage keeps `<title> </title>` as "") is none.
        func text(_ value: String?) -> String? { value?.contains { !$0.isWhitespace } == true ? value : nil }
        self.init(
            title: text(metadata.title), summary: text(metadata.description), imageURL: webLink(metadata.image),
            imageSize: PixelSize(width: metadata.imageWidth, height: metadata.imageHeight),
            embedVideoURL: webLink(metadata.embedVideoUrl),
            videoSize: PixelSize(width: metadata.videoWidth, height: metadata.videoHeight),
            contentType: metadata.contentType.flatMap(Self.mediaType))
    }

    /// Whether `url` is an http or https URL with a host: what Lemmy fetches, and what a preview
    /// keeps of the links it is sent.
    static func isWebLink(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }

    /// `type/subtype` of a `Content-Type`, lowercased; nil unless both are tokens of at most 127
    /// characters (RFC 6838).
    static func mediaType(_ value: String) -> String? {
        let essence = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces).lowercased()
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        let token = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$&-^_.+".utf8)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 127 && $0.utf8.allSatisfy(token.contains) })
        else { return nil }
        return essence
    }
}
