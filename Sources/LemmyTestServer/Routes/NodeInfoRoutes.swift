import Foundation
import Hummingbird
import NIOCore

/// NodeInfo, which tools and clients read to learn that a host runs Lemmy and which version.
///
/// As each version serves it: 0.18 has `/.well-known/nodeinfo` pointing at `/nodeinfo/2.0.json`
/// (schema 2.0, `protocols` null while federation is off); 0.19 and 1.0 point at `/nodeinfo/2.1`
/// (schema 2.1 with repository, homepage, services and metadata) and redirect `/nodeinfo/2.0.json`,
/// `/nodeinfo/2.1.json` and `/version` there with 307, as actix-web's `web::redirect` does.
extension APIRoutes {
    func addNodeInfoRoutes() {
        let store = store
        let dialect = dialect
        let schema = dialect == .v0_18 ? "2.0" : "2.1"
        let documentPath = dialect == .v0_18 ? "/nodeinfo/2.0.json" : "/nodeinfo/2.1"
        recorder.record(.get, "/.well-known/nodeinfo")
        router.get("/.well-known/nodeinfo") { request, _ -> Response in
            let links: [String: Any] = [
                "links": [
                    [
                        "rel": "http://nodeinfo.diaspora.software/ns/schema/\(schema)",
                        "href": "http://\(request.head.authority ?? "localhost")\(documentPath)",
                    ]
                ]
            ]
            return Self.json(
                try JSONSerialization.data(withJSONObject: links, options: [.sortedKeys, .withoutEscapingSlashes]), status: .ok)
        }
        recorder.record(.get, documentPath)
        router.get(RouterPath(documentPath)) { _, _ -> Response in
            let counts = try store.with { db in (users: db.persons.count, posts: db.posts.count, comments: db.comments.count) }
            var software: [String: Any] = ["name": "lemmy", "version": dialect.versionString]
            var document: [String: Any] = [
                "version": schema,
                "usage": [
                    "users": ["total": counts.users, "activeHalfyear": counts.users, "activeMonth": counts.users / 2],
                    "localPosts": counts.posts,
                    "localComments": counts.comments,
                ],
                "openRegistrations": true,
            ]
            if dialect == .v0_18 {
                document["protocols"] = NSNull()
            } else {
                software["repository"] = "https://github.com/LemmyNet/lemmy"
                software["homepage"] = "https://join-lemmy.org/"
                document["protocols"] = ["activitypub"]
                document["services"] = ["inbound": [String](), "outbound": [String]()]
                document["metadata"] = [String: String]()
            }
            document["software"] = software
            return Self.json(
                try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]), status: .ok)
        }
        guard dialect != .v0_18 else { return }
        for alias in ["/nodeinfo/2.0.json", "/nodeinfo/2.1.json", "/version"] {
            recorder.record(.get, alias)
            router.get(RouterPath(alias)) { _, _ -> Response in
                Response(status: .temporaryRedirect, headers: [.location: documentPath])
            }
        }
    }
}
