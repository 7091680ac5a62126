import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// TransferCommunity, AddAdmin, LeaveAdmin and GetRegistrationApplication as each version serves
/// them (0.18.5 and 0.19.13 `api/src/community/transfer.rs`, `local_user/add_admin.rs`,
/// `site/leave_admin.rs`; main `api/api/src/community/transfer.rs`, `local_user/add_admin.rs`,
/// `site/registration_applications/get.rs`), and the modlog entries they and AddModToCommunity
/// write. Tiny seed: admin 1, alice 2, bob 3, carol 4; community 1 is given moderators bob, then
/// carol.
@Suite("Staff changes")
struct StaffFidelityTests: RefusalChecking {
    static let allDialects: [LemmyDialect] = [.v0_18, .v0_19, .v1_0]

    /// Community 1 run by bob, then carol.
    func twoModerators(_ server: LemmyTestServer) throws {
        try server.store.with { $0.communities[0].moderators = [3, 4] }
    }

    func transfer(_ client: TestClient, community: Int = 1, to person: Int) async throws -> TestClient.RawResponse {
        try await post(client, "/community/transfer", ["community_id": community, "person_id": person])
    }

    func addAdmin(_ client: TestClient, _ person: Int, added: Bool = true) async throws -> TestClient.RawResponse {
        try await post(client, "/admin/add", ["person_id": person, "added": added])
    }

    func moderators(_ raw: TestClient.RawResponse) throws -> [Int] {
        #expect(raw.status == 200, "\(String(decoding: raw.body, as: UTF8.self))")
        return try JSONDecoder().decode(ApiGetCommunityResponse.self, from: raw.body).moderators.map(\.moderator.id)
    }

    func admins(_ raw: TestClient.RawResponse) throws -> [Int] {
        #expect(raw.status == 200, "\(String(decoding: raw.body, as: UTF8.self))")
        return try JSONDecoder().decode(ApiAddAdminResponse.self, from: raw.body).admins.map(\.person.id)
    }

    @Test("The top moderator hands the community to another moderator, who goes first; the others keep their order", arguments: allDialects)
    func transferReorders(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.communities[0].moderators = [3, 2, 4] }
            let bob = try await TestClient(server).login("bob")
            #expect(try moderators(try await transfer(bob, to: 4)) == [4, 3, 2])
            // An admin who moderates nothing there may too, also back to the earlier order's head.
            let admin = try await TestClient(server).login("admin")
            #expect(try moderators(try await transfer(admin, to: 3)) == [3, 4, 2])
            let entries = try server.store.with { db in db.modlog.filter { $0.kind == .transferCommunity } }
            #expect(
                entries.map(\.moderatorId) == [3, 1] && entries.map(\.targetId) == [4, 3] && entries.allSatisfy { $0.communityId == 1 })
        }
    }

    @Test("Only the top moderator or an admin transfers (`not_an_admin`)", arguments: allDialects)
    func transferNeedsTopModerator(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try twoModerators(server)
            let carol = try await TestClient(server).login("carol")
            #expect(refusal(try await transfer(carol, to: 4)).code == "not_an_admin")
            let alice = try await TestClient(server).login("alice")
            let outsider = refusal(try await transfer(alice, to: 4))
            // 1.0's `check_community_mod_action` refuses someone who moderates nothing there first.
            #expect(outsider.code == (dialect == .v1_0 ? "not_a_mod_or_admin" : "not_an_admin"))
            #expect(try server.store.with { $0.communities[0].moderators } == [3, 4])
        }
    }

    @Test("A target who is no moderator fails Lemmy's unwrap: an error without a code naming the handler's line", arguments: allDialects)
    func transferToNonModerator(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try twoModerators(server)
            let bob = try await TestClient(server).login("bob")
            let raw = try await transfer(bob, to: 2)
            let answer = refusal(raw)
            #expect(raw.status == 400)
            switch dialect {
            case .v0_18:
                #expect(answer.code == "text" && answer.message == "None value at crates/api/src/community/transfer.rs:50, column 16")
            case .v0_19:
                #expect(answer.code == "unknown" && answer.message == "None value at crates/api/src/community/transfer.rs:47, column 14")
            case .v1_0:
                #expect(
                    answer.code == "unknown" && answer.message == "None value at crates/api/api/src/community/transfer.rs:50, column 14")
            }
            #expect(try server.store.with { db in db.modlog.contains { $0.kind == .transferCommunity } } == false)
        }
    }

    @Test(
        "A deleted community: 0.19 and 1.0 refuse first (`deleted`); 0.18 reorders, then cannot read it back (404)", arguments: allDialects)
    func transferInDeletedCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try twoModerators(server)
            try server.store.with { $0.communities[0].deleted = true }
            let bob = try await TestClient(server).login("bob")
            let answer = refusal(try await transfer(bob, to: 4))
            let order = try server.store.with { $0.communities[0].moderators }
            if dialect == .v0_18 {
                #expect(answer.status == 404 && answer.code == "couldnt_find_community")
                #expect(order == [4, 3])
            } else {
                #expect(answer.code == "deleted" && order == [3, 4])
            }
        }
    }

    @Test(
        "A missing or purged community: 0.18 has no moderators to be top of, 0.19 couldnt_find_community, 1.0 not_found",
        arguments: allDialects)
    func transferInMissingCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try twoModerators(server)
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            _ = try await either(
                admin, LemmyV3.PurgeCommunity(ApiPurgeCommunity(communityId: 1, reason: "gone")),
                LemmyV4.PurgeCommunity(ApiPurgeCommunity(communityId: 1, reason: "gone")))
            for community in [9_999, 1] {
                let answer = refusal(try await transfer(bob, community: community, to: 4))
                // 0.18's admin gets past the rank check to the unwrap.
                let asAdmin = refusal(try await transfer(admin, community: community, to: 4))
                switch dialect {
                case .v0_18:
                    #expect(answer.code == "not_an_admin")
                    #expect(asAdmin.code == "text" && asAdmin.message == Database.transferUnwrapText(.v0_18))
                case .v0_19:
                    #expect(answer.code == "couldnt_find_community" && asAdmin.code == "couldnt_find_community")
                case .v1_0:
                    #expect(answer.status == 404 && answer.code == "not_found" && asAdmin.code == "not_found")
                }
            }
            #expect(try server.store.with { db in db.modlog.contains { $0.kind == .transferCommunity } } == false)
        }
    }

    @Test("AddModToCommunity: 1.0 moves a moderator appointed again to the end; a missing person fails the key", arguments: allDialects)
    func reappointment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try twoModerators(server)
            let admin = try await TestClient(server).login("admin")
            let again = refusal(try await post(admin, "/community/mod", ["community_id": 1, "person_id": 3, "added": true]))
            let order = try server.store.with { $0.communities[0].moderators }
            if dialect == .v1_0 {
                #expect(again.status == 200 && order == [4, 3])
            } else {
                #expect(again.code == "community_moderator_already_exists" && order == [3, 4])
            }
            let missing = refusal(try await post(admin, "/community/mod", ["community_id": 1, "person_id": 9_999, "added": true]))
            #expect(missing.code == (dialect == .v1_0 ? "already_exists" : "community_moderator_already_exists"))
            // A missing community: 0.18 and 0.19 check the caller first.
            let alice = try await TestClient(server).login("alice")
            let outsider = refusal(try await post(alice, "/community/mod", ["community_id": 9_999, "person_id": 4, "added": true]))
            let byAdmin = refusal(try await post(admin, "/community/mod", ["community_id": 9_999, "person_id": 4, "added": true]))
            switch dialect {
            case .v0_18:
                #expect(outsider.code == "not_a_mod_or_admin" && byAdmin.status == 404 && byAdmin.message == "Record not found")
            case .v0_19: #expect(outsider.code == "not_a_mod_or_admin" && byAdmin.code == "couldnt_find_community")
            case .v1_0: #expect(outsider.code == "not_found" && byAdmin.code == "not_found")
            }
        }
    }

    @Test("AddAdmin: admins only; the answer lists the admins oldest first", arguments: allDialects)
    func addAdminLists(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await addAdmin(alice, 4)).code == "not_an_admin")
            let admin = try await TestClient(server).login("admin")
            #expect(try admins(try await addAdmin(admin, 4)) == [1, 4])
            #expect(try admins(try await addAdmin(admin, 2)) == [1, 2, 4])
            // GetSite lists the same, without a deleted admin.
            try server.store.with { $0.persons[3].deleted = true }
            let site = try await either(admin, LemmyV3.GetSite(), LemmyV4.GetSite())
            #expect(try JSONDecoder().decode(ApiGetSiteResponse.self, from: site.body).admins.map(\.person.id) == [1, 2])
            let entries = try server.store.with { db in db.modlog.filter { $0.kind == .addAdmin } }
            #expect(entries.map(\.targetId) == [4, 2] && entries.allSatisfy { $0.flag })
        }
    }

    @Test("Dismissing an admin appointed earlier is not_higher_admin from 0.19 on; 0.18 lets any admin", arguments: allDialects)
    func dismissalNeedsHigherAdmin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.persons[1].isAdmin = true }
            let alice = try await TestClient(server).login("alice")
            let answer = try await addAdmin(alice, 1, added: false)
            if dialect == .v0_18 {
                #expect(try admins(answer) == [2])
            } else {
                #expect(refusal(answer).code == "not_higher_admin")
                #expect(try server.store.with { $0.persons[0].isAdmin })
            }
        }
    }

    @Test("The last admin: 1.0 refuses any dismissal (cannot_leave_admin); 0.18 and 0.19 let them dismiss themself", arguments: allDialects)
    func lastAdmin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let answer = try await addAdmin(admin, 1, added: false)
            if dialect == .v1_0 {
                #expect(refusal(answer).code == "cannot_leave_admin")
                // Whoever the target is, even someone who is no admin.
                #expect(refusal(try await addAdmin(admin, 2, added: false)).code == "cannot_leave_admin")
            } else {
                #expect(try admins(answer).isEmpty)
            }
        }
    }

    @Test("A remote person: 0.18 makes them an admin, 0.19 object_not_local, 1.0 not_found", arguments: allDialects)
    func remoteTarget(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.persons[3].instanceId = 2 }
            let admin = try await TestClient(server).login("admin")
            let answer = try await addAdmin(admin, 4)
            switch dialect {
            case .v0_18: #expect(try admins(answer) == [1, 4])
            case .v0_19: #expect(refusal(answer).code == "object_not_local")
            case .v1_0: #expect(refusal(answer).status == 404 && refusal(answer).code == "not_found")
            }
            let missing = refusal(try await addAdmin(admin, 9_999))
            switch dialect {
            case .v0_18: #expect(missing.status == 404 && missing.code == "couldnt_update_user")
            case .v0_19: #expect(missing.code == "object_not_local")
            case .v1_0: #expect(missing.status == 404 && missing.code == "not_found")
            }
        }
    }

    @Test(
        "LeaveAdmin (0.18, 0.19): not for the only admin; the answer is the site without my_user", arguments: [LemmyDialect.v0_18, .v0_19])
    func leaveAdmin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(refusal(try await post(admin, "/user/leave_admin", [:])).code == "cannot_leave_admin")
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await post(alice, "/user/leave_admin", [:])).code == "not_an_admin")
            _ = try await addAdmin(admin, 2)
            let raw = try await post(alice, "/user/leave_admin", [:])
            #expect(raw.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
            #expect(object["my_user"] == nil)
            #expect(try JSONDecoder().decode(ApiGetSiteResponse.self, from: raw.body).admins.map(\.person.id) == [1])
            let entry = try #require(try server.store.with { db in db.modlog.last })
            #expect(entry.kind == .addAdmin && entry.moderatorId == 2 && entry.targetId == 2 && !entry.flag)
            // 0.19 also marks the account's application accepted.
            try server.store.with { $0.persons[0].applicationPending = true }
            _ = try await addAdmin(admin, 2)
            let admin019 = try await TestClient(server).login("alice")
            try server.store.with { $0.persons[1].applicationPending = true }
            #expect(try await post(admin019, "/user/leave_admin", [:]).status == 200)
            #expect(try server.store.with { $0.persons[1].applicationPending } == (dialect == .v0_18))
        }
    }

    @Test("1.0 has no LeaveAdmin route")
    func noLeaveAdminIn10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await post(admin, "/admin/leave", [:]).status == 404)
            #expect(try await post(admin, "/user/leave_admin", [:]).status == 404)
            #expect(try await admin.raw("POST", path: "/api/v3/user/leave_admin", body: Data("{}".utf8)).status == 404)
        }
    }

    @Test(
        "The modlog lists appointments and transfers: 0.18/0.19 in their own lists, 1.0 by kind with appointments' is_revert inverted",
        arguments: allDialects)
    func modlogEntries(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            try server.store.with { $0.communities[0].moderators = [3] }
            #expect(try await post(bob, "/community/mod", ["community_id": 1, "person_id": 4, "added": true]).status == 200)
            #expect(try await transfer(bob, to: 4).status == 200)
            #expect(try await addAdmin(admin, 2).status == 200)
            if dialect == .v1_0 {
                let log = try await admin.send(LemmyV4.GetModlog(ApiGetModlog()))
                let byKind = Dictionary(log.items.map { ($0.modlog.kind, $0) }) { newest, _ in newest }
                let added = try #require(byKind[.modAddToCommunity])
                #expect(added.modlog.isRevert && added.targetPerson?.id == 4 && added.targetCommunity?.id == 1)
                let transferred = try #require(byKind[.modTransferCommunity])
                #expect(!transferred.modlog.isRevert && transferred.targetPerson?.id == 4 && transferred.targetCommunity?.id == 1)
                let admins = try #require(byKind[.adminAdd])
                #expect(admins.modlog.isRevert && admins.targetPerson?.id == 2 && admins.targetCommunity == nil)
                // A dismissal is written `is_revert: false`.
                _ = try await addAdmin(admin, 2, added: false)
                let dismissal = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(limit: 1))).items.first
                #expect(dismissal?.modlog.kind == .adminAdd && dismissal?.modlog.isRevert == false)
                // A community's modlog has no admin appointments.
                let community = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(communityId: 1)))
                let kinds = Set(community.items.map(\.modlog.kind))
                #expect(kinds.isSuperset(of: [.modAddToCommunity, .modTransferCommunity]) && !kinds.contains(.adminAdd))
            } else {
                let log = try await admin.send(LemmyV3.GetModlog(ApiGetModlog()))
                let added = try #require(log.addedToCommunity.first)
                #expect(!added.modAddCommunity.removed && added.moddedPerson.id == 4 && added.community.id == 1)
                let transferred = try #require(log.transferredToCommunity.first)
                #expect(transferred.moddedPerson.id == 4 && transferred.modTransferCommunity.modPersonId == 3)
                let admins = try #require(log.added.first)
                #expect(!admins.modAdd.removed && admins.moddedPerson.id == 2)
                // bob leaves: a dismissal, `removed: true`.
                #expect(try await post(bob, "/community/mod", ["community_id": 1, "person_id": 3, "added": false]).status == 200)
                let dismissed = try await admin.send(LemmyV3.GetModlog(ApiGetModlog(otherPersonId: 3)))
                #expect(dismissed.addedToCommunity.map(\.modAddCommunity.removed) == [true])
                let community = try await admin.send(LemmyV3.GetModlog(ApiGetModlog(communityId: 1)))
                #expect(community.addedToCommunity.count == 2 && community.transferredToCommunity.count == 1 && community.added.isEmpty)
                let byType = try await admin.send(LemmyV3.GetModlog(ApiGetModlog(type: .string("ModAdd"))))
                #expect(byType.added.count == 1 && byType.addedToCommunity.isEmpty)
            }
        }
    }

    @Test("GetRegistrationApplication (0.19, 1.0): one person's application, for admins", arguments: [LemmyDialect.v0_19, .v1_0])
    func registrationApplication(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let applicant = 4
            try server.store.with { $0.fileRegistrationApplication(personId: applicant, answer: "I like links", now: 0) }
            let admin = try await TestClient(server).login("admin")
            let raw = try await get(admin, "/admin/registration_application", ["person_id": "\(applicant)"])
            #expect(raw.status == 200, "\(String(decoding: raw.body, as: UTF8.self))")
            let view = try JSONDecoder().decode(ApiRegistrationApplicationResponse.self, from: raw.body).registrationApplication
            #expect(view.creator.id == applicant && view.registrationApplication.answer == "I like links")
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await get(alice, "/admin/registration_application", ["person_id": "\(applicant)"])).code == "not_an_admin")
            let none = refusal(try await get(admin, "/admin/registration_application", ["person_id": "2"]))
            if dialect == .v1_0 {
                #expect(none.status == 404 && none.code == "not_found")
            } else {
                #expect(none.status == 400 && none.code == "couldnt_find_registration_application")
            }
        }
    }
}
