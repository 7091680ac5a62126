internal import LemmyAPI

/// Reads that find a community or person by name, the way people type them (`swift`,
/// `swift@lemmy.ml`, `alice`), rather than by the instance-local id a UI already holds.
extension ApiClient {
    /// A community by name, with its moderators, as a ``Community3``.
    ///
    /// - Parameter name: the community name, e.g. `swift`, or `swift@lemmy.ml` for a remote one.
    public func getCommunity(name: String) async throws(ApiClientError) -> Community3 {
        let form = ApiGetCommunity(name: name)
        return community3(try await send(LemmyAnyGeneration.GetCommunity(form), mutation: false))
    }

    /// A person's profile by user name, as a ``Person3``.
    ///
    /// - Parameter name: the user name, e.g. `alice`, or `alice@lemmy.ml` for a remote one.
    public func getPerson(name: String) async throws(ApiClientError) -> Person3 {
        let form = ApiGetPersonDetails(username: name, limit: 1)
        return person3(try await send(LemmyAnyGeneration.GetPersonDetails(form), mutation: false))
    }
}
