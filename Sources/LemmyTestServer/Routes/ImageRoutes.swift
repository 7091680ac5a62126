import Foundation
import Hummingbird
import LemmyAPI
import NIOCore
import NIOFoundationEssentialsCompat

/// An image uploaded to the test server's stand-in for pict-rs.
struct ImageRecord: Sendable {
    var filename: String
    var deleteToken: String
    var ownerId: Int
    var contentType: String
    var data: Data
    /// When it was uploaded, in seconds since 1970 (`local_image.published`).
    var published: Double
    /// The post whose link's thumbnail it is (1.0's `thumbnail_for_post_id`), for copies pict-rs
    /// made of a link's image.
    var thumbnailForPost: Int? = nil
}

/// Image upload and deletion as each version serves them.
///
/// 0.18 and 0.19 proxy pict-rs at `/pictrs/image` (multipart field `images[]`): success is pict-rs'
/// 201 `{"msg":"ok","files":[{"file","delete_token",...}]}`; a refusal keeps pict-rs' status and
/// `{"msg":...,"files":null}` (413 over the size limit, 400 for data that is not an image).
/// Deleting is `GET /pictrs/image/delete/{token}/{file}`: 204; in 0.18 pict-rs' 403 for a wrong
/// token, while 0.19.13 ignores the token and lets the uploader or an admin delete (anyone else:
/// 404 `Record not found`). 0.18 reads the session from the `jwt` cookie only and answers 401
/// without a valid one (real 0.18 panics without the cookie); 0.19 needs a login for both, as its
/// `LocalUserView` extractor does.
///
/// 1.0 uploads at `POST /api/v4/image` and answers `{"image_url","filename"}` (the image is served
/// at `/api/v4/image/{file}`), turning any pict-rs
/// refusal into `pictrs_invalid_image_upload` with pict-rs' message; `DELETE /api/v4/account/media`
/// with `{"filename"}` deletes one of the account's own images (404 `not_found` otherwise).
extension APIRoutes {
    func addImageRoutes(maximumBytes: Int) {
        let store = store
        let dialect = dialect
        let clock = clock
        let uploadPath = dialect == .v1_0 ? dialect.generation.pathPrefix + "/image" : "/pictrs/image"
        recorder.record(.post, uploadPath)
        router.post(RouterPath(uploadPath)) { request, _ -> Response in
            let token =
                Self.token(request: request, query: [], body: Data(), dialect: dialect)
                ?? (dialect == .v0_18 ? Self.jwtCookie(request) : nil)
            let viewer = try store.with { db in db.sessionPerson(token) }
            guard let viewer else {
                if dialect == .v0_18 { return Response(status: .unauthorized) }
                return Self.lemmyError(APIError.notLoggedIn, dialect: dialect)
            }
            let received = await Self.receiveImage(request, maximumBytes: maximumBytes, dialect: dialect)
            guard case .image(let data, let format) = received else { return received.refusal }
            let record = try store.with { db in db.storeImage(data, format: format, ownerId: viewer, now: clock()) }
            let base = "http://\(request.head.authority ?? "localhost")" + Self.imagePath(dialect)
            if dialect == .v1_0 {
                let answer = ApiUploadImageResponse(imageUrl: "\(base)/\(record.filename)", filename: record.filename)
                return Self.json(try dialect.encode(answer), status: .ok)
            }
            let answer: [String: Any] = [
                "msg": "ok",
                "files": [
                    [
                        "file": record.filename, "delete_token": record.deleteToken,
                        "details": [
                            "width": format.width, "height": format.height, "content_type": format.contentType,
                            "created_at": ISO8601DateFormatter().string(from: Date()),
                        ] as [String: Any],
                    ] as [String: Any]
                ],
            ]
            return Self.json(try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]), status: .created)
        }
        recorder.record(.get, Self.imagePath(dialect) + "/{file}")
        router.get(RouterPath(Self.imagePath(dialect) + "/{file}")) { _, context -> Response in
            let name = context.parameters.get("file") ?? ""
            // Lemmy answers pict-rs' 404 with an empty 404 of its own (`image` in routes/images.rs).
            guard let image = try store.with({ db in db.images[name] }) else { return Response(status: .notFound) }
            return Self.body(image.data, status: .ok, contentType: image.contentType)
        }
        if dialect == .v1_0 {
            add(LemmyV4.DeleteMedia.self, auth: true) { db, call in
                guard let image = db.images[call.form.filename], image.ownerId == call.viewer else { throw APIError.notFound("image") }
                db.images[image.filename] = nil
                return ApiSuccessResponse(success: true)
            }
            // Admins delete any image (`delete_image_admin`): `is_admin` (its ban check is the
            // request's ban gate), then a pict-rs purge, whose 400 for an unknown alias Lemmy passes
            // on as `unknown`.
            add(LemmyV4.AdminDeleteMedia.self, auth: true) { db, call in
                try db.requireAdmin(try call.requireViewer())
                let name = call.form.filename
                guard db.images[name] != nil else {
                    throw APIError.code(
                        "unknown",
                        message: "HTTP status client error (400 Bad Request) for url (http://pictrs:8080/internal/purge?alias=\(name))")
                }
                db.images[name] = nil
                return ApiSuccessResponse(success: true)
            }
            return
        }
        recorder.record(.get, "/pictrs/image/delete/{token}/{file}")
        router.get("/pictrs/image/delete/{token}/{file}") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let name = context.parameters.get("file") ?? ""
            if dialect == .v0_19 {
                // 0.19.13 ignores the delete token: the uploader or an admin may delete, anyone
                // else finds no such image (`LocalImage::delete_by_alias_and_user`, routes/images.rs).
                let session = Self.token(request: request, query: [], body: Data(), dialect: dialect)
                let deleted = try store.with { db -> Bool? in
                    guard let viewer = db.sessionPerson(session) else { return nil }
                    guard let image = db.images[name], image.ownerId == viewer || db.person(viewer)?.isAdmin == true else {
                        return false
                    }
                    db.images[image.filename] = nil
                    return true
                }
                switch deleted {
                case true?: return Response(status: .noContent)
                case false?: return Self.lemmyError(APIError.recordNotFound, dialect: dialect)
                case nil: return Self.lemmyError(APIError.notLoggedIn, dialect: dialect)
                }
            }
            // 0.18 passes the request to pict-rs, which checks the token.
            let deleted = try store.with { db -> Bool? in
                guard let image = db.images[name] else { return nil }
                guard image.deleteToken == token else { return false }
                db.images[name] = nil
                return true
            }
            switch deleted {
            case true?: return Response(status: .noContent)
            case false?: return Self.pictrsRefusal(status: .forbidden, message: "Invalid delete token", dialect: dialect)
            case nil: return Self.pictrsRefusal(status: .notFound, message: "Not found", dialect: dialect)
            }
        }
    }

    /// The image in an upload's body as pict-rs would take it (multipart field `images[]`, within
    /// the size limit, a format it knows), or pict-rs' refusal as `dialect` passes it on.
    static func receiveImage(_ request: Request, maximumBytes: Int, dialect: LemmyDialect) async -> ReceivedImage {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: maximumBytes + 64 * 1024) } catch {
            return .refused(pictrsRefusal(status: .contentTooLarge, message: "Uploaded media exceeds the size limit", dialect: dialect))
        }
        let file = MultipartFile.first(named: "images[]", in: Data(buffer: body), contentType: request.headers[.contentType] ?? "")
        guard let file else {
            return .refused(pictrsRefusal(status: .badRequest, message: "No files present in upload", dialect: dialect))
        }
        guard file.data.count <= maximumBytes else {
            return .refused(pictrsRefusal(status: .contentTooLarge, message: "Uploaded media exceeds the size limit", dialect: dialect))
        }
        guard let format = ImageFormat(sniffing: file.data) else {
            return .refused(pictrsRefusal(status: .badRequest, message: "Error in validation: unsupported media type", dialect: dialect))
        }
        return .image(file.data, format)
    }

    /// Where a version serves uploaded images: 0.18 and 0.19 proxy pict-rs at `/pictrs/image`,
    /// 1.0 serves them at `/api/v4/image/{file}` (`PictrsFile::image_url`) and has no `/pictrs` route.
    static func imagePath(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? dialect.generation.pathPrefix + "/image" : "/pictrs/image"
    }

    /// The `jwt` cookie (0.18 reads pict-rs uploads' token only there).
    static func jwtCookie(_ request: Request) -> String? {
        guard let cookies = request.headers[.cookie] else { return nil }
        for part in cookies.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == "jwt" { return String(pair[1]) }
        }
        return nil
    }

    /// A refusal by pict-rs: passed through with its status on 0.18/0.19, Lemmy's
    /// `pictrs_invalid_image_upload` on 1.0.
    static func pictrsRefusal(status: HTTPResponse.Status, message: String, dialect: LemmyDialect) -> Response {
        if dialect == .v1_0 {
            let data = ErrorRendering.body(code: "pictrs_invalid_image_upload", message: message, dialect: dialect)
            return json(data, status: .badRequest)
        }
        let object: [String: Any] = ["msg": message, "files": NSNull()]
        return json((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), status: status)
    }

    /// A Lemmy error rendered as the dialect does.
    static func lemmyError(_ error: APIError, dialect: LemmyDialect) -> Response {
        let (status, data, contentType) = ErrorRendering.render(error, dialect: dialect)
        return body(data, status: .init(code: status), contentType: contentType)
    }
}

/// What ``APIRoutes/receiveImage(_:maximumBytes:dialect:)`` found in an upload.
enum ReceivedImage {
    /// An image pict-rs accepts, and its format.
    case image(Data, ImageFormat)
    /// pict-rs' refusal, as the dialect answers it.
    case refused(Response)

    /// The refusal; an empty 500 for an image (a caller's mistake).
    var refusal: Response {
        if case .refused(let response) = self { return response }
        return Response(status: .internalServerError)
    }
}

extension Database {
    /// Keeps an uploaded image as pict-rs and Lemmy's `local_image` would, under a fresh name.
    mutating func storeImage(_ data: Data, format: ImageFormat, ownerId: Int, now: Double) -> ImageRecord {
        let record = ImageRecord(
            filename: UUID().uuidString.lowercased() + "." + format.fileExtension,
            deleteToken: UUID().uuidString.lowercased(), ownerId: ownerId,
            contentType: format.contentType, data: data, published: now)
        images[record.filename] = record
        return record
    }
}

/// The image formats pict-rs accepts here, recognised by their first bytes.
struct ImageFormat {
    var fileExtension: String
    var contentType: String
    var width = 0
    var height = 0
    /// Whether pict-rs counts the image as an animation (`discover/magick.rs`, `ffmpeg.rs`): any
    /// GIF, a PNG with an animation control chunk (`acTL` before the image data), a WebP whose
    /// extended header has the animation flag.
    var isAnimation = false

    init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(32))
        func be32(_ at: Int) -> Int { bytes.count >= at + 4 ? bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } : 0 }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            fileExtension = "png"
            contentType = "image/png"
            width = be32(16)
            height = be32(20)
            isAnimation = Self.pngHasAnimationControl(data)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            fileExtension = "jpeg"
            contentType = "image/jpeg"
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            fileExtension = "gif"
            contentType = "image/gif"
            isAnimation = true
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            fileExtension = "webp"
            contentType = "image/webp"
            isAnimation = bytes.count > 20 && Array(bytes[12..<16]) == Array("VP8X".utf8) && bytes[20] & 0x02 != 0
        } else {
            return nil
        }
    }
}

extension ImageFormat {
    /// Whether a PNG's chunks name an `acTL` (an APNG) before its first `IDAT`.
    static func pngHasAnimationControl(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" || type == "IEND" { return false }
            offset += 12 + length
        }
        return false
    }
}

/// One file part of a `multipart/form-data` body.
struct MultipartFile {
    var filename: String?
    var data: Data

    /// The first part named `name` in `body`, whose boundary `contentType` gives; nil if none.
    static func first(named name: String, in body: Data, contentType: String) -> MultipartFile? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        var boundary = String(contentType[range.upperBound...])
        if let end = boundary.firstIndex(of: ";") { boundary = String(boundary[..<end]) }
        boundary = boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var cursor = body.startIndex
        while let start = body.range(of: delimiter, in: cursor..<body.endIndex) {
            let afterDelimiter = start.upperBound
            guard let next = body.range(of: delimiter, in: afterDelimiter..<body.endIndex) else { return nil }
            cursor = next.lowerBound
            guard let headers = body.range(of: headerEnd, in: afterDelimiter..<next.lowerBound) else { continue }
            let head = String(decoding: body[afterDelimiter..<headers.lowerBound], as: UTF8.self)
            guard head.contains("name=\"\(name)\"") else { continue }
            var end = next.lowerBound
            if end - headers.upperBound >= 2, body[end - 2] == 0x0D, body[end - 1] == 0x0A { end -= 2 }
            var filename: String?
            if let found = head.range(of: "filename=\"") {
                filename = String(head[found.upperBound...].prefix { $0 != "\"" })
            }
            return MultipartFile(filename: filename, data: Data(body[headers.upperBound..<end]))
        }
        return nil
    }
}
