internal import Foundation
internal import LemmyAPI

/// An image in the instance's list of uploads, with who uploaded it, as admins see it
/// (``ApiClient/instanceUploads(limit:cursor:)``).
public struct InstanceUpload: Sendable {
    /// The image, deletable by an admin with ``ApiClient/deleteImage(_:)`` on 0.19.
    public var image: UploadedImage
    /// Who uploaded it.
    public var uploader: Person1
}

/// The lists of uploaded images: Lemmy 0.19.4 and later keep one row per upload
/// (`local_image`).
extension ApiClient {
    /// A page of the account's own uploads, each deletable with ``deleteImage(_:)``.
    ///
    /// Lemmy 0.19 lists the newest first and gives each image's delete token; 1.0 lists them in
    /// the order of their file names (pict-rs aliases, which are random: not by date) and deletes
    /// by file name. Lemmy before 0.19.4 has no such list: the call fails with
    /// ``ApiClientError/Kind/unavailableInVersion`` before anything is sent; a guest gets
    /// ``ApiClientError/notLoggedIn``.
    public func uploadedImages(limit: Int = 20, cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<UploadedImage> {
        try requireAccount()
        let page = try await self.page(LemmyAnyGeneration.ListMedia(ApiListMedia(limit: limit)), at: cursor)
        let path = try await imagePath()
        return ContentPage(
            items: try page.items.map { (view) throws(ApiClientError) in try uploadedImage(view.localImage, path: path) }, next: page.next)
    }

    /// A page of every image uploaded to the instance, with its uploader: for admins only (anyone
    /// else gets a Lemmy error `not_an_admin`); fails as ``uploadedImages(limit:cursor:)`` before
    /// 0.19.4. 0.19 lists the newest first. Lemmy 1.0 gives this list no order of its own (its
    /// query names no sort key), so a later page may repeat items: stop when a page brings
    /// nothing new.
    public func instanceUploads(limit: Int = 20, cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<InstanceUpload> {
        try requireAccount()
        let form = ApiListMedia(limit: limit)
        let page =
            try await generation() == .v4
            ? self.page(LemmyV4.AdminListMedia(form), at: cursor) : self.page(LemmyV3.ListAllMedia(form), at: cursor)
        let path = try await imagePath()
        return ContentPage(
            items: try page.items.map { (view) throws(ApiClientError) in
                InstanceUpload(image: try uploadedImage(view.localImage, path: path), uploader: person1(view.person))
            },
            next: page.next)
    }

    /// Where the instance serves its uploads: 0.19 proxies pict-rs at `/pictrs/image`, 1.0 serves
    /// them at `/api/v4/image` (as its uploads' `image_url` says).
    private func imagePath() async throws(ApiClientError) -> String {
        try await generation() == .v4 ? "/api/v4/image/" : "/pictrs/image/"
    }

    /// An upload of a list. The alias comes from the server: it is percent-encoded as one path
    /// segment, so that a `/`, `?` or `#` in it cannot point the URL elsewhere on the instance,
    /// and one that is empty or only dots (a dot segment, which URL parsers resolve, encoded or
    /// not) is refused as a decoding error.
    private func uploadedImage(_ image: ApiLocalImage, path: String) throws(ApiClientError) -> UploadedImage {
        guard image.pictrsAlias.contains(where: { $0 != "." }) else {
            throw .decoding("an upload's file name is not one: \"\(image.pictrsAlias.prefix(16))\"")
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let segment = image.pictrsAlias.addingPercentEncoding(withAllowedCharacters: Self.aliasCharacters) ?? ""
        // A percent-encoded segment after a valid base URL always parses.
        let url = URL(string: base + path + segment) ?? baseURL
        return UploadedImage(url: url, filename: image.pictrsAlias, deleteToken: image.pictrsDeleteToken, created: image.publishedAt.date)
    }

    /// What an alias keeps unencoded in a URL: letters, digits and `-._~` (RFC 3986's unreserved).
    private static let aliasCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
