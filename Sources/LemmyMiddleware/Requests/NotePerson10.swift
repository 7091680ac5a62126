import Foundation
internal import LemmyAPI

/// `POST /person/note` as Lemmy 1.0 answers it: with the noted person (`PersonResponse`, since
/// Lemmy's "Changing NotePerson response from SuccessResponse to PersonView", #6050), where
/// lemmy-js-client, and so the generated ``LemmyV4/NotePerson``, still says `{"success": true}`.
/// Either answer is taken.
typealias NotePerson10 = AnsweredRequest<LemmyV4.NotePerson, NotePersonAnswer>

/// NotePerson's answer: the person, or (from a Lemmy before #6050) none.
struct NotePersonAnswer: Decodable, Sendable {
    var personView: ApiPersonView?

    enum CodingKeys: String, CodingKey {
        case personView = "person_view"
    }
}
