internal import LemmyAPI

/// What a view says of the signed-in account's own dealings with a person (Lemmy 1.0's
/// `person_actions`, read with the viewer): its private note and its tally of votes. A view
/// without them (``init(_:)`` of nil) says there are none.
struct ViewerPersonActions {
    var note: String?
    var votes = PersonVoteTally.none

    init(note: String? = nil, votes: PersonVoteTally = .none) {
        self.note = note
        self.votes = votes
    }

    init(_ actions: ApiPersonActions?) {
        note = actions?.note
        // Without `voted_at` the account never voted; with it, a missing counter is one Lemmy
        // keeps empty (see ``PersonVoteTally/upvotes``).
        if let votedAt = actions?.votedAt {
            votes = PersonVoteTally(upvotes: actions?.upvotes, downvotes: actions?.downvotes, lastVoted: votedAt.date)
        } else {
            votes = .none
        }
    }
}
