import Foundation
internal import LemmyAPI

/// `POST /person/note` as Lemmy 1.0 answers it: with the noted person (`PersonResponse`, since
/// Lemmy's "Changing NotePerson response from SuccessResponse to PersonView", #6050), where
/// lemmy-js-client, and so the generated ``LemmyV4/NotePerson``, still says `{"success": true}`.
/// Either answer is taken.
struct NotePerson10: LemmyRequest {
    typealias Response = NotePersonAnswer
    static let method = LemmyV4.NotePerson.method
    static let path = LemmyV4.NotePerson.path
    static let isAbsolutePath = LemmyV4.NotePerson.isAbsolutePath
    static let generation = LemmyV4.NotePerson.generation
    static let versions = LemmyV4.NotePerson.versions
    static let takesAuthField = false
    var form: ApiNotePerson

    init(_ form: ApiNotePerson) { self.form = form }

    /// None: the body carries the form.
    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}

/// NotePerson's answer: the person, or (from a Lemmy before #6050) none.
struct NotePersonAnswer: Decodable, Sendable {
    var personView: ApiPersonView?

    enum CodingKeys: String, CodingKey {
        case personView = "person_view"
    }
}
