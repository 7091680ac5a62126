import Foundation
import LemmyAPI

/// The preview Lemmy stores with a post's link: 0.18's `fetch_site_data` (awaited before the
/// post is written, when it is made or edited), 0.19's and 1.0's `generate_post_link_metadata`
/// (awaited after it is written, before the answer, when it is made and at each edit).
///
/// Thumbnails as an instance with pict-rs' default mode (`StoreLinkPreviews`) makes them: pict-rs
/// downloads the image (the page's `og:image`, or the link itself when it is a picture) and the
/// thumbnail is the local copy, at `/pictrs/image/FILE` (1.0: `/api/v4/image/FILE`, owned by the
/// post's author; 0.19's copy belongs to no one). 0.18 copies only an image whose answer says
/// `image/...` and has no thumbnail otherwise; 0.19 and 1.0 fall back to the image's own URL,
/// keep a poster's custom thumbnail of a link that is not a picture, and 1.0 copies nothing from
/// an internal address. A page webpage panics on is Lemmy's panic: 0.18 writes no post, 0.19
/// and 1.0 keep the post they wrote and answer nothing.
///
/// Not imitated: 1.0's `embed_video_width`/`height`, which the test server does not store.
extension Database {
    /// What 0.18 fetched for a post's link before writing it.
    struct SiteData018 {
        /// The page's metadata, nil when the fetch failed.
        var metadata: ApiLinkMetadata?
        /// pict-rs' copy of its image (or of the link itself).
        var thumbnail: String?
    }

    /// 0.18's `fetch_site_data(url)`, before the post is written.
    mutating func fetchSiteData018(_ url: String?) throws -> SiteData018 {
        guard let url else { return SiteData018() }
        let metadata = try Self.unlessPanic { try web.linkMetadata(url, dialect: .v0_18) }
        let image = metadata?.image ?? url
        return SiteData018(metadata: metadata, thumbnail: pictrsCopy(of: image, dialect: .v0_18, owner: 0, post: nil, now: 0))
    }

    /// Stores what 0.18 fetched: the thumbnail always (none clears it); the embed's text, cleaned
    /// as 0.18 cleans what people write, and video only when the fetch succeeded (an edit keeps
    /// the old ones otherwise).
    mutating func store018(_ data: SiteData018, post id: Int) {
        var media = posts[id - 1].media ?? PostMedia()
        media.thumbnailURL = data.thumbnail
        if let metadata = data.metadata {
            media.embedTitle = metadata.title.map(AmmoniaText.clean)
            media.embedDescription = metadata.description.map(AmmoniaText.clean)
            media.embedVideoURL = metadata.embedVideoUrl
        }
        posts[id - 1].media = media.isEmpty ? nil : media
    }

    /// 0.19's and 1.0's `generate_post_link_metadata` for post `id`, written already; `custom`
    /// is the poster's own thumbnail from this call.
    mutating func generateLinkMetadata(post id: Int, custom: String?, dialect: LemmyDialect, now: Double) throws {
        let post = posts[id - 1]
        let metadata =
            try post.url.flatMap { url in try Self.unlessPanic { try web.linkMetadata(url, dialect: dialect) } } ?? ApiLinkMetadata()
        var media = PostMedia(altText: post.media?.altText)
        let isImage = metadata.contentType?.hasPrefix("image") ?? false
        let image = isImage ? post.url : metadata.image
        if !isImage, let custom {
            media.thumbnailURL = custom
        } else if let image {
            // No local copy of an NSFW post's image unless the site allows sensitive content:
            // 0.19 asks `enable_nsfw` (on here), 1.0 whether the site has a content warning
            // (none here).
            let allowsSensitive = dialect == .v0_19
            let owner = dialect == .v1_0 ? post.creatorId : 0
            media.thumbnailURL =
                post.nsfw && !allowsSensitive
                ? image : pictrsCopy(of: image, dialect: dialect, owner: owner, post: dialect == .v1_0 ? id : nil, now: now) ?? image
        }
        media.embedTitle = metadata.title
        media.embedDescription = metadata.description
        media.embedVideoURL = metadata.embedVideoUrl
        media.contentType = metadata.contentType
        posts[id - 1].media = media.isEmpty ? nil : media
    }

    /// The value of `body`, nil if it failed, except for a panic, which is passed on.
    private static func unlessPanic<T>(_ body: () throws -> T) throws -> T? {
        do { return try body() } catch let error as APIError where error.isPanic { throw error } catch { return nil }
    }

    /// pict-rs' download of `url`: a stored image's local URL, or nil when the simulated web has
    /// no image there (0.18 also asks the answer to say `image/...`; 1.0 refuses internal
    /// addresses first).
    private mutating func pictrsCopy(of url: String, dialect: LemmyDialect, owner: Int, post: Int?, now: Double) -> String? {
        guard let parsed = SimulatedWeb.absoluteURL(url), SimulatedWeb.isWeb(parsed) else { return nil }
        if dialect == .v1_0, (try? web.checkAddress(parsed, dialect: dialect)) == nil { return nil }
        guard let page = try? web.reach(parsed, dialect: dialect), page.status == 200,
            dialect != .v0_18 || page.contentType?.hasPrefix("image/") == true,
            let format = ImageFormat(sniffing: Data(page.body))
        else { return nil }
        let record = ImageRecord(
            filename: UUID().uuidString.lowercased() + "." + format.fileExtension, deleteToken: UUID().uuidString.lowercased(),
            ownerId: owner, contentType: format.contentType, data: Data(page.body), published: now, thumbnailForPost: post)
        images[record.filename] = record
        return "https://\(host)\(dialect == .v1_0 ? "/api/v4/image" : "/pictrs/image")/\(record.filename)"
    }
}

extension PostMedia {
    /// Whether it holds nothing.
    var isEmpty: Bool {
        thumbnailURL == nil && embedTitle == nil && embedDescription == nil && embedVideoURL == nil && contentType == nil
            && altText == nil
    }
}
