internal import Foundation
internal import LemmyAPI

extension ApiClient {
    /// Whether the server itself can leave read posts out of a listing (`show_read=false`, Lemmy
    /// 0.19.9 and later); when it cannot, ``getPosts(feed:sort:limit:showRead:cursor:)`` filters
    /// each page in the client.
    ///
    /// The answer comes from the generated API description: the member is encoded for the
    /// server's exact version, and a version without it refuses it.
    public func serverFiltersReadPosts() async throws(ApiClientError) -> Bool {
        let version = try await version()
        let form = ApiGetPosts(showRead: false)
        let items: [URLQueryItem]?
        if version.generation == .v4 {
            items = try? LemmyV4.GetPosts(form).queryItems(style: .omitNil, version: version.apiVersion)
        } else {
            items = try? LemmyV3.GetPosts(form).queryItems(style: .omitNil, version: version.apiVersion)
        }
        return items?.contains { $0.name == "show_read" } ?? false
    }
}
