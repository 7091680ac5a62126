internal import LemmyAPI

extension ApiClientError {
    /// Whether the server says the thing asked for does not exist or is not visible to the
    /// account, in whichever way its version says so: 0.18/0.19's `couldnt_find_*` codes, 1.0's
    /// `not_found`, `resolve_object_failed` (1.0's answer to an ActivityPub id it cannot resolve,
    /// e.g. a stub's), the database's bare `Record not found` (0.18 as text, 0.19 as `unknown`
    /// with that message, e.g. GetPosts for a community name that does not exist), or a bare
    /// HTTP 404.
    public var isNotFound: Bool {
        if let code = lemmyCode?.code {
            if code == "unknown" { return message == "Record not found" }
            return code.hasPrefix("couldnt_find_") || code == "not_found" || code == "resolve_object_failed"
        }
        return kind == .httpStatus && httpStatus == 404
    }
}
