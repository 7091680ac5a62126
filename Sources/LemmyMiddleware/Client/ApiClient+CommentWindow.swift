internal import LemmyAPI

extension ApiClient {
    /// `form` as LemmyKit sends it: on Lemmy 1.0 a comment list without a window of its own says
    /// `time_range_seconds` 0 ("no window"), because 1.0 narrows a list that names none to the
    /// account's default post window (`post_time_range_seconds_with_default` in
    /// `federation/list_comments.rs`), which would hide a post's older comments. Other versions
    /// have no such member and get the form as it is.
    func unwindowed(_ form: ApiGetComments) async throws(ApiClientError) -> ApiGetComments {
        guard form.timeRangeSeconds == nil, try await generation() == .v4 else { return form }
        var form = form
        form.timeRangeSeconds = 0
        return form
    }
}
