import LemmyAPI

/// Lemmy 1.0's private notes about people (`local_user/note_person.rs`): each account's own,
/// shown to it alone in the `person_actions` of views naming the person.
extension Database {
    /// NotePerson: saves `note` as `personId`'s note about `targetId`, or deletes it when empty.
    /// Checks, in Lemmy's order: not oneself (`cant_note_yourself`, an empty note too); then, for a
    /// note that is not empty, at most 10,000 UTF-16 units (`invalid_body_field`; the text is kept
    /// untrimmed, and a blank one is a note; Lemmy's `process_markdown` also strips tracking
    /// parameters from its links, which this server does not) and a person to write it about (the table's
    /// foreign key: `not_found`). Lemmy's slur filter and URL blocklist come in between; this
    /// server's site configures neither. Deleting a note that does not exist is no error.
    mutating func notePerson(_ targetId: Int, note: String, by personId: Int, now: Double) throws {
        if targetId == personId { throw APIError.code("cant_note_yourself") }
        if note.isEmpty {
            users[personId]?.personNotes[targetId] = nil
            return
        }
        try ContentRules.checkBody(note, post: false, dialect: .v1_0)
        guard person(targetId) != nil else {
            throw APIError.missingRow(
                "not_found",
                cause: #"insert or update on table "person_actions" violates foreign key constraint "person_actions_target_id_fkey""#)
        }
        users[personId, default: UserState()].personNotes[targetId] = PersonNoteRecord(text: note, at: now)
    }
}
