import Foundation
internal import LemmyAPI

/// `POST /post/mark_as_read` as Lemmy 0.18 answers it: with a `PostResponse`, where 0.19 answers
/// `{"success": true}` (the generated ``LemmyV3/MarkPostAsRead`` follows 0.19).
struct MarkPostAsRead018: LemmyAuthFieldRequest {
    typealias Response = ApiPostResponse
    static let method = LemmyV3.MarkPostAsRead.method
    static let path = LemmyV3.MarkPostAsRead.path
    static let isAbsolutePath = LemmyV3.MarkPostAsRead.isAbsolutePath
    static let generation = LemmyV3.MarkPostAsRead.generation
    static let versions = ["0.18.0", "0.18.1", "0.18.3-rc.3"]
    static let takesAuthField = true
    var form: ApiMarkPostAsRead

    var auth: String? {
        get { form.auth }
        set { form.auth = newValue }
    }

    init(_ form: ApiMarkPostAsRead) { self.form = form }

    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}
