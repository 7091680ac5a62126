/// A live login session: 0.19's and 1.0's `login_token` row (the token is its key in
/// ``Database/sessions``).
struct SessionRecord: Sendable, Equatable {
    /// The person logged in.
    var personId: Int
    /// When the session began, seconds since 1970.
    var published: Double
    /// The address the login came from, as Lemmy records it.
    var ip: String?
    /// The login request's `User-Agent`.
    var userAgent: String?
    /// The session's place among all issued, for ListLogins' order.
    var order: Int
}

/// Where a login came from, as Lemmy's `Claims::generate` records it: the address from actix's
/// `realip_remote_addr` and the `User-Agent` header (see `APIRoutes.origin(request:context:)`).
struct LoginOrigin: Sendable, Equatable {
    /// The client's address.
    var ip: String?
    /// The client's `User-Agent`.
    var userAgent: String?
}
