public import Foundation

/// What the instance read from a linked page (``ApiClient/linkPreview(for:)``): the preview an
/// app shows while a post with the link is written, and the title it may offer.
///
/// Lemmy takes the page's Open Graph tags (`og:title`, `og:description`, `og:image`, `og:video`),
/// else its `<title>` and `<meta name="description">`. The page is anyone's: the text is as the
/// page wrote it (sanitise it before a terminal shows it); links that are not http or https are
/// dropped, and so is a size without both sides between 1 and 65,535 (Lemmy sends a side as the
/// page declares it, 0 included, which no picture has).
public struct LinkPreview: Sendable, Hashable {
    /// The page's title, if it has one.
    public let title: String?
    /// The page's description.
    public let summary: String?
    /// The page's image.
    public let imageURL: URL?
    /// The image's width and height in pixels, as the page declares them (Lemmy 1.0).
    public let imageSize: PixelSize?
    /// A video player to embed.
    public let embedVideoURL: URL?
    /// The video's width and height in pixels, as the page declares them (Lemmy 1.0).
    public let videoSize: PixelSize?
    /// The page's media type (`text/html`, `image/png`, ...), without parameters (Lemmy 0.19 and
    /// later; nil on 0.18).
    public let contentType: String?

    /// Whether the link is a picture (`image/...`): a post with it is an image post.
    public var isImage: Bool { contentType?.hasPrefix("image/") ?? false }

    /// Whether the page gave nothing to show.
    public var isEmpty: Bool { title == nil && summary == nil && imageURL == nil && embedVideoURL == nil }

    /// Makes a preview (tests and SwiftUI previews build one with it).
    public init(
        title: String? = nil, summary: String? = nil, imageURL: URL? = nil, imageSize: PixelSize? = nil,
        embedVideoURL: URL? = nil, videoSize: PixelSize? = nil, contentType: String? = nil
    ) {
        self.title = title
        self.summary = summary
        self.imageURL = imageURL
        self.imageSize = imageSize
        self.embedVideoURL = embedVideoURL
        self.videoSize = videoSize
        self.contentType = contentType
    }
}

/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable {
    /// The width.
    public let width: Int
    /// The height.
    public let height: Int

    /// A size; nil unless both sides are 1 to 65,535 (Lemmy's `u16`).
    public init?(width: Int?, height: Int?) {
        guard let width, let height, (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        self.width = width
        self.height = height
    }
}
