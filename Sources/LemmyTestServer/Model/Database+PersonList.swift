import LemmyAPI

extension Database {
    /// The people Lemmy 1.0's ListPersons (`GET /person/list`) finds, each with its place for
    /// ``Paging`` (highest key first), as `PersonQuery::list` orders them
    /// (`crates/db_views/person/src/impls.rs`): never deleted accounts; `local` keeps this
    /// instance's; a term matches as 1.0's Search does (``searchPersons(_:titleOnly:dialect:sort:now:)``:
    /// name, display name and actor id, and unless `titleOnly` the bio). See
    /// ``personListKey(_:sort:scores:)`` for the order; `scores` are ``personScores(_:)``'s for the
    /// form's sort, which the caller also needs for a cursor's person.
    func personListing(_ form: ApiListPersons, scores: [Int: Int]) -> [(id: Int, key: SortKey)] {
        let sort = form.sort ?? .new
        let found: [Int]
        if let term = form.searchTerm {
            found = searchPersons(FuzzyTerm(term), titleOnly: form.searchTitleOnly == true, dialect: .v1_0).map(\.id)
        } else {
            found = persons.filter { !$0.deleted }.map(\.id)
        }
        return found.compactMap { id in
            guard let person = person(id), form.type != .local || person.instanceId == 1 else { return nil }
            return (id, personListKey(person, sort: sort, scores: scores))
        }
    }

    /// Where `person` goes in ListPersons sorted by `sort`: New (the default) newest first and Old
    /// oldest first, PostScore and CommentScore highest first; the id breaks ties in the sort's
    /// direction. `scores` are ``personScores(_:)``'s for the sort.
    func personListKey(_ person: PersonRecord, sort: ApiPersonSortType, scores: [Int: Int]) -> SortKey {
        switch sort {
        case .old: SortKey(featured: 0, primary: -person.published, tiebreak: -person.id)
        case .postScore, .commentScore: SortKey(featured: 0, primary: Double(scores[person.id] ?? 0), tiebreak: person.id)
        case .new, .unknown: SortKey(featured: 0, primary: person.published, tiebreak: person.id)
        }
    }

    /// Each person's `post_score` (for PostScore) or `comment_score` (for CommentScore), as
    /// Lemmy's vote triggers keep them (`replaceable_schema/triggers.sql`): the sum of the scores
    /// of their posts or comments, removed and deleted ones included. Purged ones too: a purge
    /// deletes the row and its votes go by cascade, but the trigger then updates the creator
    /// through the row that is gone, so the score never drops (Lemmy's own test of it is disabled,
    /// "fix person aggregate comment score calculation"). Empty for the other sorts.
    func personScores(_ sort: ApiPersonSortType) -> [Int: Int] {
        var scores: [Int: Int] = [:]
        switch sort {
        case .postScore: for post in posts { scores[post.creatorId, default: 0] += post.score }
        case .commentScore: for comment in comments { scores[comment.creatorId, default: 0] += comment.score }
        case .new, .old, .unknown: break
        }
        return scores
    }
}
