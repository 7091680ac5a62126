import Foundation
import LemmyAPI

/// Lemmy 1.0's NotePerson (`POST /person/note`): see ``Database/notePerson(_:note:by:now:)``.
/// Lemmy main answers the noted person (`PersonResponse`, since its #6050); lemmy-js-client and
/// the generated ``LemmyV4/NotePerson`` still say `SuccessResponse`, so the route is registered
/// with the answer Lemmy sends.
extension APIRoutes {
    func addPersonNoteRoutes() {
        add(NotePersonAnsweringPerson.self, auth: true) { db, call in
            let targetId = call.form.personId
            try db.notePerson(targetId, note: call.form.note, by: try call.requireViewer(), now: call.now)
            // The answer reads the person as `PersonView::read` does, which leaves deleted people
            // out: a note about one is saved, then answered `not_found`.
            guard let person = db.person(targetId), !person.deleted else { throw APIError.recordNotFound }
            return ApiPersonResponse(personView: call.renderer(db).personView(targetId))
        }
    }
}

/// ``LemmyV4/NotePerson`` with the answer Lemmy main sends.
typealias NotePersonAnsweringPerson = AnsweredRequest<LemmyV4.NotePerson, ApiPersonResponse>
