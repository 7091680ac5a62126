import Foundation
import LemmyAPI

/// The preview Lemmy stores with a post's link when the post is made (and, on 0.19 and 1.0, each
/// time it is edited): 0.18's `fetch_site_data`, 0.19's and 1.0's `generate_post_link_metadata`,
/// which the handlers await before answering, so the answer shows the preview.
///
/// Thumbnails as an instance with pict-rs' default mode (`StoreLinkPreviews`) makes them: pict-rs
/// downloads the image (the page's `og:image`, or the link itself when it is a picture) and the
/// thumbnail is the local copy; 0.19 and 1.0 fall back to the image's own URL when the download
/// fails, and keep a poster's custom thumbnail of a link that is not a picture. The downloaded
/// copy belongs to no one (`local_user_id: None`).
///
/// Not imitated: 1.0's `embed_video_width`/`height`, which the test server does not store, and
/// 0.18's edit, which fetches again and keeps the old preview when the fetch fails.
extension Database {
    /// Fetches the preview of post `id`'s link and stores it, keeping its alt text; `custom` is
    /// the poster's own thumbnail (0.19 and later).
    mutating func storeLinkMetadata(post id: Int, custom: String?, dialect: LemmyDialect, now: Double) {
        let post = posts[id - 1]
        var media = PostMedia(altText: post.media?.altText)
        if dialect == .v0_18 {
            guard let url = post.url else { return }
            let metadata = try? web.linkMetadata(url, dialect: dialect)
            // 0.18 cleans the embed's text as it cleans what people write.
            media.embedTitle = metadata?.title.map(AmmoniaText.clean)
            media.embedDescription = metadata?.description.map(AmmoniaText.clean)
            media.embedVideoURL = metadata?.embedVideoUrl
            media.thumbnailURL = pictrsCopy(of: metadata?.image ?? url, now: now)
        } else {
            let metadata = post.url.flatMap { try? web.linkMetadata($0, dialect: dialect) } ?? ApiLinkMetadata()
            let isImage = metadata.contentType?.hasPrefix("image") ?? false
            let image = isImage ? post.url : metadata.image
            if !isImage, let custom {
                media.thumbnailURL = custom
            } else if let image {
                // No local copy of an NSFW post's image unless the site allows sensitive content:
                // 0.19 asks `enable_nsfw` (on here), 1.0 whether the site has a content warning
                // (none here).
                let allowsSensitive = dialect == .v0_19
                media.thumbnailURL = post.nsfw && !allowsSensitive ? image : pictrsCopy(of: image, now: now) ?? image
            }
            media.embedTitle = metadata.title
            media.embedDescription = metadata.description
            media.embedVideoURL = metadata.embedVideoUrl
            media.contentType = metadata.contentType
        }
        let empty =
            media.thumbnailURL == nil && media.embedTitle == nil && media.embedDescription == nil
            && media.embedVideoURL == nil && media.contentType == nil && media.altText == nil
        posts[id - 1].media = empty ? nil : media
    }

    /// pict-rs' download of `url`: a stored image's local URL, or nil when the URL is not an
    /// image the simulated web serves.
    private mutating func pictrsCopy(of url: String, now: Double) -> String? {
        guard let parsed = SimulatedWeb.absoluteURL(url), parsed.scheme == "http" || parsed.scheme == "https",
            case .publicName = web.resolve(SimulatedWeb.bareHost(parsed))
        else { return nil }
        let page = web.page(at: parsed)
        guard page.status == 200, let format = ImageFormat(sniffing: Data(page.body)) else { return nil }
        let record = ImageRecord(
            filename: UUID().uuidString.lowercased() + "." + format.fileExtension, deleteToken: UUID().uuidString.lowercased(),
            ownerId: 0, contentType: format.contentType, data: Data(page.body), published: now)
        images[record.filename] = record
        return "https://\(host)/pictrs/image/\(record.filename)"
    }
}
