/// The admins' federation lists: instances explicitly allowed, and instances blocked.
struct FederationLists: Sendable {
    /// Allowed instances, with when (`federation_allowlist`).
    var allowed: [Int: Double] = [:]
    /// Blocked instances (`federation_blocklist`).
    var blocked: [Int: FederationBlock] = [:]
    /// Instances that an admin's block or allow named before the server knew them, with when:
    /// Lemmy makes their row then (`Instance::read_or_create`), knowing nothing of their software.
    var discovered: [Int: Double] = [:]
}

/// An instance on the admins' blocklist.
struct FederationBlock: Sendable {
    var published: Double
    /// When the block ends; nil for good.
    var expires: Double?

    /// Whether the block holds at `now`. Lemmy deletes expired blocks in an hourly task
    /// (`delete_instance_block_when_expired`) and until then lists and enforces them; here, for
    /// an hour after the expiry.
    func holds(at now: Double) -> Bool { expires.map { now < $0 + 3_600 } ?? true }
}

/// The admins' federation blocklist and allowlist (Lemmy 1.0's AdminBlockInstance and
/// AdminAllowInstance): facts from `crates/api/api/src/site/admin_{block,allow}_instance.rs`,
/// `db_schema/src/impls/{instance,federation_blocklist,federation_allowlist,modlog}.rs` at
/// Lemmy main 439734dd.
///
/// Lemmy checks neither the reason nor the domain: a domain it does not know gets an instance
/// row as written (looked up without case), and Lemmy refuses only what its tables refuse. The
/// two lists exclude each other: neither changes while the other holds anything. Adding an
/// instance a list already holds fails on its primary key (`couldnt_create`), with no modlog
/// entry; taking off one it does not hold succeeds, with one.
extension Database {
    /// Puts the instance named `domain` on the blocklist until `expires` (Unix seconds; nil for
    /// good), or takes it off; returns its id. Admins only. A block's end is not logged (the
    /// modlog form has none).
    ///
    /// In Lemmy's order: `is_admin` (`not_an_admin`), the expiry (`check_expire_time`, even when
    /// unblocking: `invalid_unix_time`, `ban_expiration_in_past`, more than ten years ahead is for
    /// good), a non-empty allowlist (`cannot_combine_federation_blocklist_and_allowlist`), the
    /// instance's row, the list, the modlog entry (`admin_block_instance`, a revert when
    /// unblocking, without the expiry).
    mutating func adminBlockInstance(
        _ domain: String, block: Bool, reason: String, expires: Int?, by adminId: Int, now: Double
    ) throws -> Int {
        try requireAdmin(adminId)
        let expiry = try Self.banExpiry(expires, now: now, dialect: .v1_0)
        dropEndedBlocks(now: now)
        guard federation.allowed.isEmpty else { throw APIError.code("cannot_combine_federation_blocklist_and_allowlist") }
        let id = try instanceId(readingOrCreating: domain, now: now)
        if block {
            guard federation.blocked[id] == nil else { throw APIError.code("couldnt_create") }
            federation.blocked[id] = FederationBlock(published: now, expires: expiry)
        } else {
            federation.blocked[id] = nil
        }
        appendModlog(.blockInstance, by: adminId, target: id, reason: reason, flag: block, now: now)
        return id
    }

    /// Puts the instance named `domain` on the allowlist, or takes it off; returns its id.
    /// Admins only; refused while the blocklist holds anything, as ``adminBlockInstance(_:block:reason:expires:by:now:)``.
    mutating func adminAllowInstance(_ domain: String, allow: Bool, reason: String, by adminId: Int, now: Double) throws -> Int {
        try requireAdmin(adminId)
        dropEndedBlocks(now: now)
        guard federation.blocked.isEmpty else { throw APIError.code("cannot_combine_federation_blocklist_and_allowlist") }
        let id = try instanceId(readingOrCreating: domain, now: now)
        if allow {
            guard federation.allowed[id] == nil else { throw APIError.code("couldnt_create") }
            federation.allowed[id] = now
        } else {
            federation.allowed[id] = nil
        }
        appendModlog(.allowInstance, by: adminId, target: id, reason: reason, flag: allow, now: now)
        return id
    }

    /// Deletes the blocks that ended, as Lemmy's hourly task does (here an hour after their end,
    /// as ``FederationBlock/holds(at:)`` says): until then a block still refuses a second one and
    /// keeps the allowlist closed.
    private mutating func dropEndedBlocks(now: Double) {
        if federation.blocked.values.contains(where: { !$0.holds(at: now) }) {
            federation.blocked = federation.blocked.filter { $0.value.holds(at: now) }
        }
    }

    /// The id of the instance named `domain`, compared without case (0.18: exactly), or of a new
    /// row holding `domain` as written (`Instance::read_or_create`); `couldnt_create` past the
    /// column's 255 characters.
    mutating func instanceId(readingOrCreating domain: String, ignoringCase: Bool = true, now: Double) throws -> Int {
        let lowered = domain.lowercased()
        let known = instanceDomains.first { ignoringCase ? $0.value.lowercased() == lowered : $0.value == domain }
        if let known { return known.key }
        guard domain.count <= 255 else { throw APIError.code("couldnt_create") }
        let id = (instanceDomains.keys.max() ?? 0) + 1
        instanceDomains[id] = domain
        federation.discovered[id] = now
        return id
    }
}
