public import Foundation
internal import LemmyAPI

/// The admins' federation lists: the instances the client's instance refuses to
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
    /// change is in the modlog with `reason`. `until` is for a block: lifting one ignores it.
    ///
    /// Lemmy 0.18 and 0.19 keep the lists in the site's settings, and replace a list whole: the
    /// client reads the list, sends it changed with EditSite, and reads it again (an admin's
    /// change in between is lost). There the lists may both hold instances, nothing is logged
    /// (`reason` is not sent), and a block has no end: `until` is
    /// ``ApiClientError/unavailableInVersion(_:)`` before sending.
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
        guard try await requireFederationLists() else {
            if blocked, until != nil { throw .unavailableInVersion("a federation block's end (Lemmy 1.0 and later)") }
            return try await replaceListedInSiteSettings(host, listed: blocked, blocklist: true)
        }
        let form = ApiAdminBlockInstanceParams(instance: host, block: blocked, reason: reason, expiresAt: blocked ? expires : nil)
        return Self.instance(try await send(LemmyV4.AdminBlockInstance(form), mutation: true))
    }

    /// Puts the instance at `domain` on the federation allowlist (the instance then federates
    /// with the listed ones alone), or with `allowed` false takes it off; admins only. As
    /// ``setFederationBlocked(_:_:reason:until:)``: the same checks of `domain`; on 1.0 refused
    /// while the blocklist holds anything and `couldnt_create` for an instance already allowed;
    /// on 0.18 and 0.19 a change of the site's settings.
    @discardableResult
    public func setFederationAllowed(_ domain: String, _ allowed: Bool = true, reason: String) async throws(ApiClientError)
        -> FederatedInstance
    {
        let host = try Self.federationHost(domain)
        guard try await requireFederationLists() else {
            return try await replaceListedInSiteSettings(host, listed: allowed, blocklist: false)
        }
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

    /// Checks that the client may change the lists; true where they have calls of their own
    /// (1.0), false where they are site settings (0.18, 0.19).
    private func requireFederationLists() async throws(ApiClientError) -> Bool {
        try checkPermission(mutation: true)
        try requireAccount()
        return try await generation() == .v4
    }

    /// 0.18/0.19: puts `host` on the blocklist or allowlist, or takes it off, by sending the whole
    /// list as the server holds it now, changed (EditSite replaces a list whole); returns the
    /// instance as the lists show it after. Three requests: the lists, the edit, the lists again.
    /// An admin's change made between the first two is lost: Lemmy 0.19 offers no finer call.
    /// Refused (``ApiClientError/Kind/unsupported``) where the lists shown are not the lists held:
    /// when the server does not federate (it lists nothing), and on 0.19 for the allowlist while
    /// the blocklist holds anything (an instance on both shows as blocked alone).
    private func replaceListedInSiteSettings(_ host: String, listed: Bool, blocklist: Bool) async throws(ApiClientError)
        -> FederatedInstance
    {
        let before = try await federatedInstances()
        // Sending a list the server did not show whole would drop what it did not show.
        guard before.isComplete else {
            throw .unsupported("the server lists no federated instances (its federation is off), so its lists cannot be changed safely")
        }
        if !blocklist, !before.blocked.isEmpty, try await version().minor == 19 {
            // 0.19 lists an instance on both lists as blocked alone: its allowlist is not all shown.
            throw .unsupported("Lemmy 0.19 does not show its whole allowlist while its blocklist holds anything; empty the blocklist first")
        }
        let held = (blocklist ? before.blocked : before.allowed).map(\.domain)
        // The server's own spelling of the others is sent back as it is.
        var domains = held.filter { $0.lowercased() != host }
        if listed { domains.append(held.first { $0.lowercased() == host } ?? host) }
        let form =
            blocklist ? ApiEditSite(blockedInstances: domains) : ApiEditSite(allowedInstances: domains)
        _ = try await send(LemmyV3.EditSite(form), mutation: true)
        let after = try await federatedInstances()
        let candidates = (blocklist ? after.blocked : after.allowed) + after.linked + before.blocked + before.allowed + before.linked
        guard let instance = candidates.first(where: { $0.domain.lowercased() == host }) else {
            throw .decoding("the server's federation lists do not name \(host) after the change")
        }
        return instance
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
