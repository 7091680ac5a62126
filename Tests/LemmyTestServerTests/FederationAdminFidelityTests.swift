import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's federation blocklist and allowlist, as Lemmy main (439734dd) keeps them
/// (`admin_block_instance.rs`, `admin_allow_instance.rs`): admins only; no check of the reason
/// or the domain, which gets an instance row as written; the two lists exclude each other;
/// adding twice is `couldnt_create`; each change is in the modlog; the answer is the instance
/// as GetFederatedInstances lists it (lemmy-js-client says `SuccessResponse`).
@Suite("1.0 federation blocklist and allowlist as Lemmy keeps them")
struct FederationAdminFidelityTests: RefusalChecking {
    private func block(_ client: TestClient, _ domain: String, _ block: Bool = true, expires: Int? = nil) async throws
        -> TestClient.RawResponse
    {
        var body: [String: Any] = ["instance": domain, "block": block, "reason": "Spam wave"]
        if let expires { body["expires_at"] = expires }
        return try await post(client, "/admin/instance/block", body)
    }

    private func listed(_ client: TestClient, _ kind: ApiGetFederatedInstancesKind) async throws -> [ApiFederatedInstanceView] {
        try await client.send(LemmyV4.GetFederatedInstances(ApiGetFederatedInstances(kind: kind, limit: 50))).items
    }

    @Test("Blocking a domain the server does not know makes its row; the answer and the lists show the block and its end")
    func blockUnknownDomain() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let ends = Int(clock.date.timeIntervalSince1970) + 86_400
            let answer = try await block(admin, "Spam.Example", expires: ends)
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            let view = try LemmyResponseDecoder.decode(LemmyV4.AdminBlockInstance.Response.self, from: answer.body)
            #expect(view.instance.domain == "Spam.Example" && view.instance.software == nil && view.instance.updatedAt != nil)
            #expect(view.blocked?.expiresAt?.date.timeIntervalSince1970 == Double(ends) && view.allowed == nil)
            #expect(try await listed(admin, .blocked).map(\.instance.domain) == ["Spam.Example"])
            #expect(try await !listed(admin, .linked).contains { $0.instance.id == view.instance.id })

            // The modlog names the instance and the reason; the expiry is not kept there.
            let modlog = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("admin_block_instance"), limit: 10)))
            let entry = try #require(modlog.items.first)
            #expect(entry.targetInstance?.domain == "Spam.Example" && entry.modlog.reason == "Spam wave")
            #expect(!entry.modlog.isRevert && entry.modlog.expiresAt == nil && entry.moderator?.id == 1)

            // Again: the primary key refuses it, and no modlog entry is written.
            let again = try await block(admin, "spam.example")
            #expect(refusal(again).status == 400 && refusal(again).code == "couldnt_create")
            // Lemmy's hourly task deletes a block within the hour after its end (here: an hour
            // after); after that the domain can be blocked again, and the allowlist is open.
            clock.move(by: 86_400 - 60)
            #expect(try await listed(admin, .blocked).count == 1)
            clock.move(by: 2 * 3_600)
            #expect(try await listed(admin, .blocked).isEmpty)
            #expect(try await block(admin, "spam.example").status == 200)
            #expect(try await block(admin, "spam.example", false).status == 200)
            let allow = try await post(admin, "/admin/instance/allow", ["instance": "friend.example", "allow": true, "reason": "Friends"])
            #expect(allow.status == 200)
            #expect(
                try await post(admin, "/admin/instance/allow", ["instance": "friend.example", "allow": false, "reason": "x"]).status == 200)

            // Unblocking what is not blocked succeeds, and is logged as a revert.
            let unblocked = try await block(admin, "SPAM.example", false)
            #expect(unblocked.status == 200)
            let after = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("admin_block_instance"), limit: 10)))
            #expect(after.items.map(\.modlog.isRevert) == [true, true, false, false])
        }
    }

    @Test("Refusals: not an admin, an expiry in the past, a list while the other holds anything; this instance: not_found after the write")
    func refusals() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let byBob = try await block(bob, "remote.example")
            #expect(refusal(byBob).status == 400 && refusal(byBob).code == "not_an_admin")
            let past = try await block(admin, "remote.example", expires: Int(clock.date.timeIntervalSince1970) - 60)
            #expect(refusal(past).code == "ban_expiration_in_past")
            // Checked when unblocking too.
            let pastUnblock = try await block(admin, "remote.example", false, expires: Int(clock.date.timeIntervalSince1970) - 60)
            #expect(refusal(pastUnblock).code == "ban_expiration_in_past")

            // Known domains are found without case.
            #expect(try await block(admin, "REMOTE.example").status == 200)
            #expect(try await listed(admin, .blocked).map(\.instance.id) == [2])
            let allow = try await post(admin, "/admin/instance/allow", ["instance": "other.example", "allow": true, "reason": "Friends"])
            #expect(refusal(allow).code == "cannot_combine_federation_blocklist_and_allowlist")
            #expect(try await block(admin, "remote.example", false).status == 200)
            #expect(
                try await post(admin, "/admin/instance/allow", ["instance": "other.example", "allow": true, "reason": "Friends"]).status
                    == 200)
            #expect(try await listed(admin, .allowed).map(\.instance.id) == [3])
            let blockNow = try await block(admin, "remote.example")
            #expect(refusal(blockNow).code == "cannot_combine_federation_blocklist_and_allowlist")
            #expect(
                try await post(admin, "/admin/instance/allow", ["instance": "other.example", "allow": false, "reason": "Done"]).status
                    == 200)

            // This server's own domain: written, then not found (the view leaves the local instance out).
            let own = try await block(admin, "lemmy.test")
            #expect(refusal(own).status == 404 && refusal(own).code == "not_found")
            #expect(try server.store.with { db in db.federation.blocked[1] != nil })
        }
    }
}
