import Foundation
import LemmyAPI

/// Search and resolve object.
extension APIRoutes {
    func addSearchRoutes() {
        add(LemmyV3.Search.self) { db, call in try search(db, call) }
        add(LemmyV4.Search.self) { db, call in try search(db, call) }
        add(LemmyV3.ResolveObject.self) { db, call in
            var response = ApiResolveObjectResponse()
            switch try resolve(db, call.form.q, dialect: call.dialect) {
            case .post(let id): response.post = call.renderer(db).postView(id)
            case .comment(let id): response.comment = call.renderer(db).commentView(id)
            case .community(let id): response.community = call.renderer(db).communityView(id)
            case .person(let id): response.person = call.renderer(db).personView(id)
            }
            return response
        }
        add(LemmyV4.ResolveObject.self) { db, call -> ApiResolveObjectView in
            resolvedView(try resolve(db, call.form.q, dialect: call.dialect), call.renderer(db))
        }
    }
}

enum Resolved { case post(Int), comment(Int), community(Int), person(Int) }

/// 1.0's view of what a term resolved to.
func resolvedView(_ resolved: Resolved, _ renderer: Renderer) -> ApiResolveObjectView {
    switch resolved {
    case .post(let id): .post(renderer.postView(id))
    case .comment(let id): .comment(renderer.commentView(id))
    case .community(let id): .community(renderer.communityView(id))
    case .person(let id): .person(renderer.personView(id))
    }
}

/// Resolves a local URL (`.../post/12`, `/comment/3`, `/c/name`, `/u/name`) or `!name` / `@name`.
/// Nothing found: 0.18/0.19 answer `couldnt_find_object`; 1.0 wraps the lookup's failure in
/// `resolve_object_failed` with the cause as its message.
func resolve(_ db: Database, _ q: String, dialect: LemmyDialect) throws -> Resolved {
    let text = q.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("!"), let c = db.community(named: String(text.dropFirst())) { return .community(c.id) }
    if text.hasPrefix("@"), let p = db.person(named: String(text.dropFirst().split(separator: "@").first ?? "")) { return .person(p.id) }
    let parts = (URL(string: text)?.path ?? text).split(separator: "/").map(String.init)
    if parts.count >= 2 {
        let (kind, value) = (parts[parts.count - 2], parts[parts.count - 1])
        switch kind {
        case "post": if let id = Int(value), db.post(id) != nil { return .post(id) }
        case "comment": if let id = Int(value), db.comment(id) != nil { return .comment(id) }
        case "c": if let c = db.community(named: value) { return .community(c.id) }
        case "u": if let p = db.person(named: value) { return .person(p.id) }
        default: break
        }
    }
    if dialect == .v1_0 { throw APIError.code("resolve_object_failed", message: "Record not found") }
    throw APIError.code("couldnt_find_object")
}
