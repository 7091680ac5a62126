public import Foundation
public import HTTPLoading
import HTTPTypes

/// Where an image is uploaded.
///
/// 0.18 and 0.19 have only ``image`` (pict-rs at `/pictrs/image`); the other targets are the
/// 1.0 upload endpoints below `/api/v4`.
public enum LemmyImageUploadTarget: Hashable, Sendable {
    /// A free-standing image (post or comment content): `/pictrs/image` on 0.18/0.19, `/api/v4/image` on 1.0.
    case image
    /// 1.0 `POST /account/avatar`.
    case userAvatar
    /// 1.0 `POST /account/banner`.
    case userBanner
    /// 1.0 `POST /community/icon?id=`.
    case communityIcon(ApiCommunityId)
    /// 1.0 `POST /community/banner?id=`.
    case communityBanner(ApiCommunityId)
    /// 1.0 `POST /site/icon`.
    case siteIcon
    /// 1.0 `POST /site/banner`.
    case siteBanner

    /// The path (with query) for `version`, or nil if that server has no such endpoint.
    func path(for version: LemmyServerVersion) -> String? {
        guard version.generation == .v4 else { return self == .image ? "/pictrs/image" : nil }
        let prefix = LemmyAPIGeneration.v4.pathPrefix
        switch self {
        case .image: return prefix + "/image"
        case .userAvatar: return prefix + "/account/avatar"
        case .userBanner: return prefix + "/account/banner"
        case .communityIcon(let id): return prefix + "/community/icon?id=\(id)"
        case .communityBanner(let id): return prefix + "/community/banner?id=\(id)"
        case .siteIcon: return prefix + "/site/icon"
        case .siteBanner: return prefix + "/site/banner"
        }
    }
}

extension LemmyRawClient {
    /// Uploads an image as the official client does: multipart field `images[]`, file name
    /// `image.jpg` unless given.
    ///
    /// - 0.18: `POST /pictrs/image` with the token as cookie `jwt` (pict-rs is proxied by Lemmy,
    ///   which reads only the cookie there).
    /// - 0.19: `POST /pictrs/image` with `Authorization: Bearer`.
    /// - 1.0: the endpoint of `target` below `/api/v4`, with `Authorization: Bearer`.
    ///
    /// On 0.18/0.19 the response's `url` and `delete_url` are filled in from the first file, as
    /// the js client does. `progress` gets the multipart body's progress as the terminal sends it
    /// (see `UploadProgressOption` in HTTPLoading).
    public func uploadImage(
        _ data: Data,
        to target: LemmyImageUploadTarget = .image,
        filename: String = "image.jpg",
        contentType: String = "image/jpeg",
        progress: UploadProgressHandler? = nil
    ) async throws(LemmyClientError) -> ApiUploadImageResponse {
        let version = try await serverVersion()
        var request = try await uploadRequest(data, to: target, filename: filename, contentType: contentType, version: version)
        request.options[UploadProgressOption.self] = progress
        let response = try await load(request)
        var decoded = try LemmyResponseMapper.decode(ApiUploadImageResponse.self, from: response, generation: version.generation)
        if version.generation == .v3, decoded.msg == "ok", let file = decoded.files?.first {
            let base = instanceURL.absoluteString.trimmingTrailingSlashes + "/pictrs/image"
            decoded.url = decoded.url ?? "\(base)/\(file.file)"
            decoded.deleteUrl = decoded.deleteUrl ?? "\(base)/delete/\(file.deleteToken)/\(file.file)"
        }
        return decoded
    }

    /// The HTTP request ``uploadImage(_:to:filename:contentType:progress:)`` sends to a server of `version`.
    public func uploadRequest(
        _ data: Data,
        to target: LemmyImageUploadTarget = .image,
        filename: String = "image.jpg",
        contentType: String = "image/jpeg",
        version: LemmyServerVersion,
        boundary: String = "LemmyKit-\(UUID().uuidString)"
    ) async throws(LemmyClientError) -> LoadRequest {
        guard let path = target.path(for: version) else {
            throw .unsupportedServer(version: version.rawValue, reason: "\(target) uploads need Lemmy 1.0")
        }
        let body = MultipartBody(parts: [.file("images[]", filename: filename, contentType: contentType, data: data)], boundary: boundary)
        var fields = HTTPFields()
        fields[.contentType] = body.contentType
        if let token = await currentToken() {
            if version.usesAuthField {
                fields[.cookie] = "jwt=\(token)"
            } else {
                fields[.authorization] = "Bearer \(token)"
            }
        }
        let head = HTTPRequest(
            method: .post, scheme: instanceURL.scheme ?? "https",
            authority: LemmyRequestEncoder.authority(of: instanceURL),
            path: LemmyRequestEncoder.basePath(of: instanceURL) + path, headerFields: fields)
        return LoadRequest(head: head, body: body)
    }
}

extension LemmyRawClient {
    /// Deletes an uploaded image.
    ///
    /// - 0.18/0.19: `GET /pictrs/image/delete/{deleteToken}/{filename}` (pict-rs, proxied; 0.18
    ///   sends the session as cookie `jwt`, 0.19 as `Authorization: Bearer`). The answer is 204;
    ///   on 0.18 a wrong delete token is pict-rs' refusal,
    ///   ``LemmyClientError/httpStatus(status:contentType:body:)``, while 0.19.13 ignores the token
    ///   and lets the uploader or an admin delete (anyone else: 404 `Record not found`).
    /// - 1.0: `DELETE /api/v4/account/media` with the file name; `deleteToken` is not used.
    public func deleteImage(filename: String, deleteToken: String?) async throws(LemmyClientError) {
        let version = try await serverVersion()
        if version.generation == .v4 {
            _ = try await send(LemmyV4.DeleteMedia(ApiDeleteImageParams(filename: filename)))
            return
        }
        guard let deleteToken else {
            throw .unsupportedServer(version: version.rawValue, reason: "deleting an image on this version needs its delete token")
        }
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let token = deleteToken.addingPercentEncoding(withAllowedCharacters: allowed) ?? deleteToken
        let file = filename.addingPercentEncoding(withAllowedCharacters: allowed) ?? filename
        var fields = HTTPFields()
        if let jwt = await currentToken() {
            if version.usesAuthField { fields[.cookie] = "jwt=\(jwt)" } else { fields[.authorization] = "Bearer \(jwt)" }
        }
        let head = HTTPRequest(
            method: .get, scheme: instanceURL.scheme ?? "https",
            authority: LemmyRequestEncoder.authority(of: instanceURL),
            path: LemmyRequestEncoder.basePath(of: instanceURL) + "/pictrs/image/delete/\(token)/\(file)",
            headerFields: fields)
        let response = try await load(LoadRequest(head: head))
        guard response.status.kind == .successful else { throw LemmyResponseMapper.error(for: response) }
    }
}

extension String {
    fileprivate var trimmingTrailingSlashes: String {
        var text = self
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
