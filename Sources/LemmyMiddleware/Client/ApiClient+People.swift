import Foundation
internal import LemmyAPI

/// Listing people (Lemmy 1.0's ListPersons).
extension ApiClient {
    /// A page of people as ``Person2`` models (one live object per person), as Lemmy 1.0 lists
    /// them (`GET /person/list`): never deleted accounts; banned ones too.
    ///
    /// Before 1.0 it fails with ``ApiClientError/Kind/unavailableInVersion`` without a request;
    /// there ``search(_:kind:limit:cursor:)`` with ``SearchKind/people`` finds people by name.
    ///
    /// - Parameters:
    ///   - localOnly: Only this instance's people.
    ///   - sort: The order (newest first by default).
    ///   - search: A term matched as Lemmy matches it (`%term%`, every space a wildcard, any case)
    ///     against the name, display name and actor id, and unless `namesOnly` the bio.
    ///   - namesOnly: Leave the bio out of the match.
    ///   - limit: People per page (Lemmy allows 1 to 50).
    ///   - cursor: Where the page starts; nil for the first.
    public func getPeople(
        localOnly: Bool = false, sort: PersonSortType = .new, search: String? = nil, namesOnly: Bool = false, limit: Int = 20,
        cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Person2> {
        guard try await generation() == .v4 else { throw .unavailableInVersion("the list of people (Lemmy 1.0 and later)") }
        let form = ApiListPersons(
            type: localOnly ? .local : .all, sort: sort.api, searchTerm: search, searchTitleOnly: namesOnly ? true : nil, limit: limit)
        let page = try await self.page(LemmyV4.ListPersons(form), at: cursor)
        return ContentPage(items: page.items.map { person2($0) }, next: page.next)
    }
}

/// How ``ApiClient/getPeople(localOnly:sort:search:namesOnly:limit:cursor:)`` orders people.
public enum PersonSortType: String, Sendable, Hashable, CaseIterable {
    /// Newest account first.
    case new
    /// Oldest account first.
    case old
    /// The highest sum of the scores of the person's posts first.
    case postScore = "post-score"
    /// The highest sum of the scores of the person's comments first.
    case commentScore = "comment-score"

    var api: ApiPersonSortType {
        switch self {
        case .new: .new
        case .old: .old
        case .postScore: .postScore
        case .commentScore: .commentScore
        }
    }
}
