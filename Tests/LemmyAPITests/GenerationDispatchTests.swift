import Foundation
import LemmyAPI
import Testing

@Suite("Generation dispatch")
struct GenerationDispatchTests {
    @Test("A call both generations have knows its v3 and v4 request, each carrying the same form")
    func bothRequests() {
        let request = LemmyAnyGeneration.DeletePost(ApiDeletePost(postId: 7, deleted: true))
        #expect(type(of: request.v3).generation == .v3 && type(of: request.v3).path == "/post/delete")
        #expect(type(of: request.v4).generation == .v4 && type(of: request.v4).path == "/post")
        #expect(request.v3.form.postId == 7 && request.v4.form.postId == 7)
        #expect(type(of: request.v4).method == .delete)
    }

    @Test("Only calls with the same form type in both generations get one (GetSite's 0.18 form has auth)")
    func sameFormOnly() throws {
        let checkout = GeneratedCodeTests.checkout
        let text = try String(
            contentsOf: checkout.appendingPathComponent("Sources/LemmyAPI/Generated/LemmyAnyGeneration+Requests.swift"), encoding: .utf8)
        #expect(text.contains("public struct GetPost: LemmyGenerationalRequest"))
        #expect(!text.contains("public struct GetSite: LemmyGenerationalRequest"))
        #expect(!text.contains("public struct GetReplies:"))  // v3 only
    }
}
