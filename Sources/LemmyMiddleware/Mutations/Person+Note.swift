internal import LemmyAPI

/// Private notes about people (Lemmy 1.0): the account's own, which only it sees, shown with the
/// person wherever a 1.0 view names them (posts, comments, profiles).
extension Person1Providing {
    /// Saves the account's note about this person; nil or an empty string deletes it.
    ///
    /// Optimistic. Lemmy stores the text untrimmed (a blank note is a note), up to 10,000 UTF-16
    /// units (`invalid_body_field`), after its slur filter, URL blocklist and link cleaning
    /// (tracking parameters go), and refuses a note about oneself (`cant_note_yourself`); the
    /// answer's text, as Lemmy stored it, is the one shown. A note about a deleted person is saved, but Lemmy answers `not_found`. Before 1.0
    /// the call fails with `unavailableInVersion` without a request.
    @discardableResult public func setNote(_ note: String?) async -> MutationResult {
        let person = person1
        let text = note ?? ""
        let shown = text.isEmpty ? nil : text
        return await api.mutate(person, optimistic: { $0.note = shown }) { () async throws(ApiClientError) in
            guard try await person.api.generation() == .v4 else { throw .unavailableInVersion("person notes (Lemmy 1.0 and later)") }
            let answer = try await person.api.send(
                NotePerson10(LemmyV4.NotePerson(ApiNotePerson(personId: person.id, note: text))), mutation: true)
            if let view = answer.personView {
                try person.api.mergeAnswer(view, about: person.id)
            } else {
                person.confirm(sequence: person.api.mergeSequence) { $0.note = shown }
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await person.api.getPerson(id: person.id)
        } achieved: {
            $0.confirmed.note == shown
        }
    }
}
