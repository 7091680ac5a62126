import Foundation
import Hummingbird
import LemmyAPI

/// Lemmy 1.0's routes that set a picture by upload and clear it (`routes/src/images/upload.rs`,
/// `delete.rs`): the account's avatar and banner, a community's icon and banner, the site's icon
/// and banner.
///
/// An upload is checked as Lemmy checks it: the community's `id` query first (actix's extractor:
/// `unknown` with serde's text), the login, the community or admin checks
/// (``Database/checkPictureChange(_:viewer:communityId:now:)``), then the image as pict-rs takes
/// it with Lemmy's avatar limits, which refuse animations (``ImageFormat/isAnimation``) with
/// `pictrs_invalid_image_upload`. The image is stored before the old picture is deleted, so when
/// that deletion fails (``Database/replacePicture(_:with:viewer:communityId:clearsIconForBanner:)``)
/// the upload stays among the account's images and the picture is unchanged. The answer is the
/// upload's `{"image_url","filename"}`; a deletion answers `{"success":true}`.
extension APIRoutes {
    func addPictureRoutes(maximumBytes: Int) {
        guard dialect == .v1_0 else { return }
        for slot in PictureSlot.allCases { addPictureUpload(slot, maximumBytes: maximumBytes) }
        add(LemmyV4.DeleteUserAvatar.self, auth: true) { db, call in try Self.clear(.avatar, &db, call, communityId: nil) }
        add(LemmyV4.DeleteUserBanner.self, auth: true) { db, call in try Self.clear(.personBanner, &db, call, communityId: nil) }
        add(LemmyV4.DeleteCommunityIcon.self, auth: true) { db, call in
            try Self.clear(.communityIcon, &db, call, communityId: call.form.id)
        }
        add(LemmyV4.DeleteCommunityBanner.self, auth: true) { db, call in
            try Self.clear(.communityBanner, &db, call, communityId: call.form.id)
        }
        add(LemmyV4.DeleteSiteIcon.self, auth: true) { db, call in try Self.clear(.siteIcon, &db, call, communityId: nil) }
        add(LemmyV4.DeleteSiteBanner.self, auth: true) { db, call in try Self.clear(.siteBanner, &db, call, communityId: nil) }
    }

    private static func clear<Form>(
        _ slot: PictureSlot, _ db: inout Database, _ call: Call<Form>, communityId: Int?
    ) throws -> ApiSuccessResponse {
        let viewer = try call.requireViewer()
        try db.checkPictureChange(slot, viewer: viewer, communityId: communityId, now: call.now)
        try db.replacePicture(slot, with: nil, viewer: viewer, communityId: communityId, clearsIconForBanner: true)
        return ApiSuccessResponse(success: true)
    }

    private func addPictureUpload(_ slot: PictureSlot, maximumBytes: Int) {
        let store = store
        let dialect = dialect
        let clock = clock
        let path = dialect.generation.pathPrefix + slot.path
        recorder.record(.post, path)
        router.post(RouterPath(path)) { request, _ -> Response in
            do {
                var communityId: Int?
                if slot.isCommunity { communityId = try Self.queryId(request.uri.queryParameters.getAll("id").map { String($0) }) }
                let token = Self.token(request: request, query: [], body: Data(), dialect: dialect)
                let now = clock()
                let viewer = try store.with { db -> Int in
                    guard let viewer = db.sessionPerson(token) else { throw APIError.notLoggedIn }
                    try db.checkPictureChange(slot, viewer: viewer, communityId: communityId, now: now)
                    return viewer
                }
                let received = await Self.receiveImage(request, maximumBytes: maximumBytes, dialect: dialect)
                guard case .image(let data, let format) = received else { return received.refusal }
                // Lemmy's picture limits (`allow_animation=false`) refuse what pict-rs counts as an animation.
                guard !format.isAnimation else {
                    return Self.pictrsRefusal(status: .badRequest, message: "Media type wasn't allowed for this upload", dialect: dialect)
                }
                let base = "http://\(request.head.authority ?? "localhost")" + Self.imagePath(dialect)
                let answer = try store.with { db -> ApiUploadImageResponse in
                    let record = db.storeImage(data, format: format, ownerId: viewer, now: clock())
                    let url = "\(base)/\(record.filename)"
                    try db.replacePicture(slot, with: url, viewer: viewer, communityId: communityId)
                    return ApiUploadImageResponse(imageUrl: url, filename: record.filename)
                }
                return Self.json(try dialect.encode(answer), status: .ok)
            } catch let error as APIError {
                return Self.lemmyError(error, dialect: dialect)
            }
        }
    }

    /// The `id` of a `CommunityIdQuery` as actix's `Query` extractor reads it (serde_urlencoded,
    /// an `i32`), or its refusal with serde's text. `raw` is every `id` in the query; form
    /// decoding turns a `+` into a space, which no integer has.
    static func queryId(_ raw: [String]) throws -> Int {
        guard let text = raw.first else { throw APIError.badRequest("Query deserialize error: missing field `id`") }
        guard raw.count == 1 else { throw APIError.badRequest("Query deserialize error: duplicate field `id`") }
        let decoded = text.replacingOccurrences(of: "+", with: " ")
        if let id = Int32(decoded) { return Int(id) }
        // Rust's `i32::from_str`: an optional sign, then ASCII digits only.
        let negative = decoded.hasPrefix("-")
        let digits = negative ? decoded.dropFirst() : Substring(decoded)
        let reason =
            decoded.isEmpty
            ? "cannot parse integer from empty string"
            : digits.isEmpty || !digits.allSatisfy({ $0.isASCII && $0.isNumber })
                ? "invalid digit found in string"
                : negative ? "number too small to fit in target type" : "number too large to fit in target type"
        throw APIError.badRequest("Query deserialize error: \(reason)")
    }
}
