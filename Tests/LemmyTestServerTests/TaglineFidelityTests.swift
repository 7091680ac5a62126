import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's taglines as Lemmy main (439734dd) keeps them (`api_crud/src/tagline`): admins
/// write them one at a time, anyone lists them newest first, and GetSite shows one.
@Suite("1.0 taglines as Lemmy keeps them")
struct TaglineFidelityTests: RefusalChecking {
    @Test("Admins create, edit and delete; slurs are replaced; a missing one is couldnt_update to edit and nothing to delete")
    func lifecycle() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            #expect(refusal(try await post(bob, "/admin/tagline", ["content": "Mine"])).code == "not_an_admin")
            try server.store.with { db in db.site.slurFilterRegex = "badword" }
            let first = try await admin.send(LemmyV4.CreateTagline(ApiCreateTagline(content: "Dig in")))
            let second = try await admin.send(LemmyV4.CreateTagline(ApiCreateTagline(content: "A BADWORD garden")))
            #expect(second.tagline.content == "A *removed* garden" && second.tagline.id == first.tagline.id + 1)
            // Newest first, in pages; a guest may read them.
            let guest = TestClient(server)
            let page = try await guest.send(LemmyV4.ListTaglines(ApiListTaglines(limit: 1)))
            #expect(page.items.map(\.id) == [second.tagline.id])
            let next = try await guest.send(LemmyV4.ListTaglines(ApiListTaglines(pageCursor: page.nextPage, limit: 1)))
            #expect(next.items.map(\.id) == [first.tagline.id])
            // GetSite shows one of them.
            let site = try await guest.send(LemmyV4.GetSite())
            #expect(site.tagline.map { [first.tagline.id, second.tagline.id].contains($0.id) } == true && site.taglines == nil)

            let edited = try await admin.send(LemmyV4.EditTagline(ApiEditTagline(id: first.tagline.id, content: "Grow")))
            #expect(edited.tagline.content == "Grow" && edited.tagline.updatedAt != nil)
            let missing = try await post(admin, "/admin/tagline", ["id": 999, "content": "x"], method: "PUT")
            #expect(refusal(missing).status == 400 && refusal(missing).code == "couldnt_update")
            #expect(try await post(admin, "/admin/tagline", ["id": 999], method: "DELETE").status == 200)
            #expect(try await post(admin, "/admin/tagline", ["id": first.tagline.id], method: "DELETE").status == 200)
            let left = try await guest.send(LemmyV4.ListTaglines(ApiListTaglines(limit: 10)))
            #expect(left.items.map(\.content) == ["A *removed* garden"])
        }
    }
}
