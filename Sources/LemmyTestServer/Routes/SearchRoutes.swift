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
            switch try resolve(db, call.form.q, dialect: call.dialect) {
            case .post(let id): .post(call.renderer(db).postView(id))
            case .comment(let id): .comment(call.renderer(db).commentView(id))
            case .community(let id): .community(call.renderer(db).communityView(id))
            case .person(let id): .person(call.renderer(db).personView(id))
            }
        }
    }
}

private enum Resolved { case post(Int), comment(Int), community(Int), person(Int) }

/// Resolves a local URL (`.../post/12`, `/comment/3`, `/c/name`, `/u/name`) or `!name` / `@name`.
/// Nothing found: 0.18/0.19 answer `couldnt_find_object`; 1.0 wraps the lookup's failure in
/// `resolve_object_failed` with the cause as its message.
private func resolve(_ db: Database, _ q: String, dialect: LemmyDialect) throws -> Resolved {
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

private func search(_ db: Database, _ call: Call<ApiSearch>) throws -> ApiSearchResponse {
    let term = (call.form.q ?? call.form.searchTerm ?? "").lowercased()
    let type = call.form.type ?? .all
    let limit = try call.limit(call.form.limit, page: call.form.page)
    let renderer = call.renderer(db)
    // Communities and people page like posts and comments do (1-based `page`).
    let skipped = max(0, (call.form.page ?? 1) - 1) * limit
    var posts: [ApiPostView] = []
    var comments: [ApiCommentView] = []
    var communities: [ApiCommunityView] = []
    var persons: [ApiPersonView] = []
    if type == .all || type == .posts || type == .url {
        var query = PostQuery()
        query.searchTerm = term
        query.sort = PostSort(v3: call.form.sort?.wireValue(for: .v3) ?? "TopAll")
        query.communityId = call.form.communityId
        query.creatorId = call.form.creatorId
        query.page = call.form.page
        query.limit = limit
        query.showNSFW = call.form.showNsfw
        posts = try db.listPosts(query, viewer: call.viewer, now: call.now).ids.map(renderer.postView)
    }
    if type == .all || type == .comments {
        var query = CommentQuery()
        query.searchTerm = term
        query.sort = "top"
        query.communityId = call.form.communityId
        query.creatorId = call.form.creatorId
        query.page = call.form.page
        query.limit = limit
        comments = try db.listComments(query, viewer: call.viewer, now: call.now).ids.map(renderer.commentView)
    }
    if type == .all || type == .communities {
        communities = db.communities.filter { $0.name.contains(term) || $0.title.lowercased().contains(term) }
            .dropFirst(skipped).prefix(limit).map { renderer.communityView($0.id) }
    }
    if type == .all || type == .users {
        persons = db.persons.filter { $0.name.lowercased().contains(term) || ($0.displayName?.lowercased().contains(term) ?? false) }
            .dropFirst(skipped).prefix(limit).map { renderer.personView($0.id) }
    }
    var response = ApiSearchResponse(comments: comments, posts: posts, communities: communities)
    if call.dialect == .v1_0 {
        response.persons = persons
        response.multiCommunities = []
    } else {
        response.users = persons
        response.type = type
    }
    return response
}
