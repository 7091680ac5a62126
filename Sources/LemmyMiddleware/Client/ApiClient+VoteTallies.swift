/// Which tally of the account's votes on a person stands (Lemmy 1.0's `person_actions`), when
/// answers carrying it were in flight together.
///
/// Answers merge in the order their requests were sent, but the server may handle two requests
/// in flight in the other order. The tally carries the server's date (`voted_at`), so between
/// such requests the later date stands. Not always rightly: Lemmy dates a vote before its upsert
/// adds to the counters, so two votes in flight together can commit in the other order than
/// their dates, and the later date then holds counts the server has since moved past. A request
/// sent after the standing tally arrived was handled after everything that tally counts, so its
/// answer stands whatever its date, and the next read corrects such a tally.
extension ApiClient {
    /// The tally to keep of `held` (the model's confirmed one) and `incoming` (the answer being
    /// merged, request ``mergeSequence``).
    func standingTally(of personId: Int, held: PersonVoteTally, incoming: PersonVoteTally) -> PersonVoteTally {
        guard held != incoming else { return incoming }
        let sentAfterHeld = tallyMarks[personId].map { mergeSequence > $0 } ?? true
        return !sentAfterHeld && held.isLater(than: incoming) ? held : incoming
    }

    /// Notes that the person's model now confirms `tally`, from the answer being merged: every
    /// request numbered after the last one sent so far is handled after what it counts. Only
    /// dated tallies are noted (one without a date never wins on its date), so the marks stay as
    /// few as the people the account has voted on.
    func noteTallyTaken(_ tally: PersonVoteTally, of personId: Int) {
        tallyMarks[personId] = tally.lastVoted == nil ? nil : nextSequence
    }
}
