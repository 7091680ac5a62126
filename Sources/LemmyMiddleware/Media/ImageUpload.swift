public import Foundation
internal import HTTPLoading
internal import LemmyAPI

/// An image uploaded to the instance, to put in a post (``ApiClient/createPost(communityId:title:body:url:altText:nsfw:languageId:customThumbnail:tags:)``'s
/// `url`) or in markdown (``markdown(alt:)``), and to delete again with ``ApiClient/deleteImage(_:)``.
public struct UploadedImage: Hashable, Sendable {
    /// Where the image is served.
    public var url: URL
    /// The server's name for the file (pict-rs' alias).
    public var filename: String
    /// The token that deletes the image on Lemmy 0.18 and 0.19; nil on 1.0, which deletes by
    /// file name for the account that uploaded it.
    public var deleteToken: String?
    /// When it was uploaded, as the server's list of uploads says
    /// (``ApiClient/uploadedImages(limit:cursor:)``); nil for a value made from an upload's answer,
    /// which has no date. Not part of equality.
    public var created: Date?

    /// Creates a value (an upload remembered elsewhere, to delete later).
    public init(url: URL, filename: String, deleteToken: String?, created: Date? = nil) {
        self.url = url
        self.filename = filename
        self.deleteToken = deleteToken
        self.created = created
    }

    /// Whether both are the same upload: ``created`` is left out, so an upload's answer (which has
    /// no date) equals the list's entry for it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.url == rhs.url && lhs.filename == rhs.filename && lhs.deleteToken == rhs.deleteToken
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(filename)
        hasher.combine(deleteToken)
    }

    /// The image as markdown, for a comment or a post body: `![alt](url)`.
    public func markdown(alt: String = "") -> String {
        let escaped = alt.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: "[", with: "\\[")
        return "![\(escaped)](\(url.absoluteString))"
    }
}

/// How far an image upload has come.
///
/// An upload reports `bytesSent == 0` when it starts, then rising counts as the transport sends
/// the image, ending with `bytesSent == totalBytes` once all of it is sent (or, through a chain
/// whose terminal does not report progress, once the server has accepted it). Every report
/// arrives on the main actor before ``ApiClient/uploadImage(data:filename:mimeType:progress:)``
/// returns or throws; none after.
public struct ImageUploadProgress: Hashable, Sendable {
    /// Bytes of the image sent so far.
    public var bytesSent: Int
    /// The image's size in bytes.
    public var totalBytes: Int

    /// `bytesSent / totalBytes`, 1 for an empty image.
    public var fractionCompleted: Double {
        totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes)
    }
}

/// Uploading and deleting images.
extension ApiClient {
    /// Uploads an image for the account: pict-rs (`/pictrs/image`) on Lemmy 0.18 and 0.19,
    /// `/api/v4/image` on 1.0.
    ///
    /// The server refuses what is not an image and what is over its size limit: 0.18 and 0.19
    /// pass pict-rs' refusal on as ``ApiClientError/httpStatus(_:)`` (400, 413); 1.0 answers
    /// `pictrs_invalid_image_upload` (``ApiClientError/lemmy(_:message:)``).
    ///
    /// - Parameters:
    ///   - data: The image file's bytes.
    ///   - filename: The file's name as sent (`image.jpg` by default, as lemmy-ui sends).
    ///   - mimeType: The file's type, e.g. `image/png`.
    ///   - progress: Called on the main actor as the image goes out; see ``ImageUploadProgress``.
    public func uploadImage(
        data: Data, filename: String = "image.jpg", mimeType: String = "image/jpeg",
        progress: ((ImageUploadProgress) -> Void)? = nil
    ) async throws(ApiClientError) -> UploadedImage {
        try checkPermission(mutation: true)
        try requireAccount()
        return try await upload(data, to: .image, filename: filename, mimeType: mimeType, progress: progress)
    }

    /// Sends `data` to `target`'s upload endpoint, reporting `progress` on the main actor, and
    /// reads the answer as an ``UploadedImage``.
    func upload(
        _ data: Data, to target: LemmyImageUploadTarget, filename: String, mimeType: String,
        progress: ((ImageUploadProgress) -> Void)?
    ) async throws(ApiClientError) -> UploadedImage {
        progress?(ImageUploadProgress(bytesSent: 0, totalBytes: data.count))
        // The terminal reports the multipart body's progress on its own thread; the reports reach
        // `progress` on the main actor through a stream, which is drained before returning.
        let (reports, reporter) = AsyncStream.makeStream(of: UploadProgress.self)
        let delivery = progress.map { progress in
            Task { @MainActor in await Self.deliver(reports, imageBytes: data.count, to: progress) }
        }
        let response: ApiUploadImageResponse
        let delivered: Int
        do {
            response = try await raw.uploadImage(data, to: target, filename: filename, contentType: mimeType) {
                reporter.yield($0)
            }
            reporter.finish()
            delivered = await delivery?.value ?? 0
        } catch {
            reporter.finish()
            _ = await delivery?.value
            throw ApiClientError(error)
        }
        let image: UploadedImage
        if let file = response.files?.first {
            guard let url = response.url.flatMap(URL.init(string:)) else { throw .decoding("upload answer without an image URL") }
            image = UploadedImage(url: url, filename: file.file, deleteToken: file.deleteToken)
        } else if let text = response.imageUrl, let url = URL(string: text), let filename = response.filename {
            image = UploadedImage(url: url, filename: filename, deleteToken: nil)
        } else {
            throw .decoding("upload answer without a file: \(response.msg ?? "no message")")
        }
        if delivered < data.count { progress?(ImageUploadProgress(bytesSent: data.count, totalBytes: data.count)) }
        return image
    }

    /// Passes the body's progress on as the image's (the body is the image in a multipart
    /// envelope, so in proportion), rising only; returns the last image count passed on.
    private static func deliver(
        _ reports: AsyncStream<UploadProgress>, imageBytes: Int, to progress: (ImageUploadProgress) -> Void
    ) async -> Int {
        var delivered = 0
        for await report in reports where report.totalBytes > 0 {
            let sent = Int(Int64(imageBytes) * Int64(min(report.bytesSent, report.totalBytes)) / Int64(report.totalBytes))
            guard sent > delivered else { continue }
            delivered = sent
            progress(ImageUploadProgress(bytesSent: sent, totalBytes: imageBytes))
        }
        return delivered
    }

    /// Deletes an image the account uploaded. 0.18 and 0.19 need a ``UploadedImage/deleteToken``:
    /// 0.18 passes it to pict-rs, which refuses a wrong one (403, ``ApiClientError/httpStatus(_:)``);
    /// 0.19.13 does not check it and deletes the uploader's own images, and any for an admin
    /// (others: a not-found error, ``ApiClientError/isNotFound``). 1.0 deletes by file name, only
    /// the account's own images (others: `not_found`).
    public func deleteImage(_ image: UploadedImage) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        try await sendImageDeletion(image.filename, deleteToken: image.deleteToken)
    }

    /// The raw client's deletion (pict-rs' route on 0.18 and 0.19, `DELETE /account/media` on 1.0).
    func sendImageDeletion(_ filename: String, deleteToken: String?) async throws(ApiClientError) {
        do {
            try await raw.deleteImage(filename: filename, deleteToken: deleteToken)
        } catch {
            throw ApiClientError(error)
        }
    }

    /// Deletes anyone's upload from the instance (admins), e.g. an ``InstanceUpload/image`` of
    /// ``instanceUploads(limit:cursor:)``.
    ///
    /// Lemmy 1.0 purges the image from pict-rs with every other name it has (`DELETE /image`);
    /// anyone but an admin is refused with `not_an_admin`, and an image that is already gone with
    /// Lemmy's `unknown`. Lemmy 0.19.13 deletes any image for an admin through its delete route,
    /// which ignores the delete token (an image without one is sent with a placeholder); anyone
    /// else finds no such image (``ApiClientError/isNotFound``). Lemmy 0.18 has no such call: it
    /// fails with ``ApiClientError/Kind/unavailableInVersion`` before anything is sent.
    public func deleteAnyImage(_ image: UploadedImage) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        let version = try await version()
        if version.generation == .v4 {
            _ = try await send(LemmyV4.AdminDeleteMedia(ApiDeleteImageParams(filename: image.filename)), mutation: true)
        } else if version.major == 0 && version.minor < 19 {
            throw .unavailableInVersion("deleting another account's image (Lemmy 0.19 and later)")
        } else {
            try await sendImageDeletion(image.filename, deleteToken: image.deleteToken ?? "0")
        }
    }
}
