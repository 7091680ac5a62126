import Foundation
import HTTPLoading
@testable import LemmyTestServer
import Testing
import HTTPTypes

/// The catalogue's route table is the server's route registration, and stays in step with it.
@Suite struct RouteTableTests {
    static let articleURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LemmyTestServer/LemmyTestServer.docc/Routes.md")

    @Test func registryListsEachDialectsRoutes() {
        let v018 = Set(LemmyTestServer.servedRoutes(dialect: .v0_18))
        let v019 = Set(LemmyTestServer.servedRoutes(dialect: .v0_19))
        let v10 = Set(LemmyTestServer.servedRoutes(dialect: .v1_0))
        let postList = ServedRoute(method: "GET", path: "/api/v3/post/list")
        #expect(v018.contains(postList) && v019.contains(postList))
        #expect(!v10.contains(postList))
        #expect(v10.contains(ServedRoute(method: "GET", path: "/api/v4/post/list")))
        // Hiding posts arrived in 0.19.
        let hide = ServedRoute(method: "POST", path: "/api/v3/post/hide")
        #expect(v019.contains(hide) && !v018.contains(hide))
        #expect(v018.contains(ServedRoute(method: "GET", path: "/nodeinfo/2.0.json")))
        #expect(v019.contains(ServedRoute(method: "GET", path: "/nodeinfo/2.1")))
        #expect(!v018.contains(ServedRoute(method: "GET", path: "/nodeinfo/2.1")))
        #expect(v10.contains(ServedRoute(method: "DELETE", path: "/__admin/faults")))
    }

    /// Every recorded GET route answers on a live server: with the router's empty 404 a route
    /// would be listed but not served.
    @Test func recordedRoutesAreServed() async throws {
        let server = try await LemmyTestServer.start(dialect: .v0_19, scale: .small)
        // An unknown image is Lemmy's own empty 404, so the image route is asked for one it has.
        try server.store.with { db in
            db.images["probe.png"] = ImageRecord(
                filename: "probe.png", deleteToken: "token", ownerId: 1, contentType: "image/png", data: Data([1]), published: 0)
        }
        var unserved: [String] = []
        for route in LemmyTestServer.servedRoutes(dialect: .v0_19) where route.method == "GET" {
            let path = route.path.replacingOccurrences(of: "/pictrs/image/{file}", with: "/pictrs/image/probe.png")
            let url = URL(string: server.baseURL.absoluteString + path)!
            if let response = try? await URLSessionLoader().load(LoadRequest(url: url)),
                response.status == .notFound, response.body.isEmpty
            {
                unserved.append(route.path)
            }
        }
        let missing = URL(string: server.baseURL.absoluteString + "/api/v3/no/such/route")!
        let control = try? await URLSessionLoader().load(LoadRequest(url: missing))
        await server.stop()
        #expect(unserved == [])
        #expect(control?.status == .notFound && control?.body.isEmpty == true, "the check cannot tell an unserved route")
    }

    @Test func committedTableIsFresh() throws {
        let article = try String(contentsOf: Self.articleURL, encoding: .utf8)
        let table = RouteTable.markdown()
        let updated = try #require(
            RouteTable.replacingTable(in: article, with: table),
            "Routes.md lost its generated-table markers")
        if ProcessInfo.processInfo.environment["LEMMY_UPDATE_ROUTE_TABLE"] == "1" {
            try updated.write(to: Self.articleURL, atomically: true, encoding: .utf8)
            return
        }
        #expect(article == updated, "The route table in Routes.md is stale: run scripts/generate-route-table.sh")
    }
}
