public import Foundation
internal import LemmyAPI

/// The admins' federation lists (Lemmy 1.0): the instances the client's instance refuses to
/// federate with, or, instead, the only ones it federates with.
extension ApiClient {
    /// Puts the instance at `domain` on the federation blocklist, until `until` or for good, or
    /// with `blocked` false takes it off (admins; `not_an_admin` otherwise). Returns the instance
    /// as ``federatedInstances(maxPages:)`` lists it.
    ///
    /// Lemmy 1.0 checks little of this, so the client does: `domain` must be a host name
    /// (`lemmy.ml`; a URL or a name with spaces is ``ApiClientError/Kind/invalidInput``), sent in
    /// lower case, as federation compares it (Lemmy would store any text as a new instance, and a
    /// block of it would block nothing). Lemmy refuses a change of either list while the other
    /// holds anything (`cannot_combine_federation_blocklist_and_allowlist`), a block of an
    /// instance already blocked (`couldnt_create`: lift it first to change its end), and an end in
    /// the past (`ban_expiration_in_past`); an end more than ten years ahead is for good. Each
    /// change is in the modlog with `reason`. Lemmy 0.18 and 0.19 keep the lists in the site's
    /// settings, which this client does not edit: ``ApiClientError/unavailableInVersion(_:)``
    /// before sending. `until` is for a block: lifting one ignores it.
    ///
    /// The answer is 1.0's since October 2025 (LemmyNet/lemmy commit dc6ee1c16); an older
    /// pre-release answers `{"success": true}`, which fails to decode after the change was made
    /// (read ``federatedInstances(maxPages:)`` to see it).
    @discardableResult
    public func setFederationBlocked(_ domain: String, _ blocked: Bool = true, reason: String, until: Date? = nil)
        async throws(ApiClientError) -> FederatedInstance
    {
        let host = try Self.federationHost(domain)
        let expires = try until.map(Self.unixSeconds)
        try await requireFederationLists()
        let form = ApiAdminBlockInstanceParams(instance: host, block: blocked, reason: reason, expiresAt: blocked ? expires : nil)
        return Self.instance(try await send(LemmyV4.AdminBlockInstance(form), mutation: true))
    }

    /// Puts the instance at `domain` on the federation allowlist (the instance then federates
    /// with the listed ones alone), or with `allowed` false takes it off; admins only. As
    /// ``setFederationBlocked(_:_:reason:until:)``: the same checks of `domain`, refused while the
    /// blocklist holds anything, `couldnt_create` for an instance already allowed, and
    /// unavailable before Lemmy 1.0.
    @discardableResult
    public func setFederationAllowed(_ domain: String, _ allowed: Bool = true, reason: String) async throws(ApiClientError)
        -> FederatedInstance
    {
        let host = try Self.federationHost(domain)
        try await requireFederationLists()
        let form = ApiAdminAllowInstanceParams(instance: host, allow: allowed, reason: reason)
        return Self.instance(try await send(LemmyV4.AdminAllowInstance(form), mutation: true))
    }

    /// `date` in whole Unix seconds, rounded up so that an end given as "now and a bit" stays
    /// ahead; a date no integer holds (infinite, not a number, beyond ±2^53 s) is refused rather
    /// than trapping the conversion.
    static func unixSeconds(_ date: Date) throws(ApiClientError) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.up)
        guard seconds.isFinite, abs(seconds) <= 9_007_199_254_740_992 else {
            throw .invalidInput("a block's end must be a date a server can store, not \(date.timeIntervalSince1970) s")
        }
        return Int(seconds)
    }

    private func requireFederationLists() async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        guard try await generation() == .v4 else {
            throw .unavailableInVersion("changing the federation lists (Lemmy 0.18 and 0.19 keep them in the site settings)")
        }
    }

    /// `domain` trimmed and in lower case, if it is a host name: ASCII letters, digits, hyphens
    /// and dots, as federation compares domains (an internationalized name in its `xn--` form).
    static func federationHost(_ domain: String) throws(ApiClientError) -> String {
        let host = domain.trimmingCharacters(in: .whitespaces).lowercased()
        let allowed = host.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }
        guard !host.isEmpty, host.utf8.count <= 253, allowed, !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..")
        else {
            // Quoted as a literal: the text is the caller's, and may hold control characters.
            throw .invalidInput(
                "\(String(reflecting: domain)) is not an instance's domain (a host name such as lemmy.ml, without https:// or a path)")
        }
        return host
    }
}
