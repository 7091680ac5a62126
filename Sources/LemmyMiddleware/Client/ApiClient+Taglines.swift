public import Foundation
internal import LemmyAPI

/// One of the site's taglines: a line the site shows under its name.
public struct Tagline: Identifiable, Equatable, Sendable {
    /// The tagline's id. On Lemmy 0.18 and 0.19 every change of the taglines gives all of them
    /// new ids (the server replaces them whole).
    public let id: Int
    /// The text (Markdown).
    public var content: String
    /// When it was written.
    public var published: Date
    /// When it was last changed (Lemmy 1.0), if ever.
    public var updated: Date?
}

/// The site's taglines: read by anyone, written by admins. Lemmy 1.0 has a call for each change;
/// 0.18 and 0.19 keep them in the site's settings, replaced whole, so there the client reads them,
/// sends them changed with EditSite, and an admin's change in between is lost.
extension ApiClient {
    /// The site's taglines, oldest first (on 1.0 at most `maxPages` pages of 50).
    public func taglines(maxPages: Int = 20) async throws(ApiClientError) -> [Tagline] {
        guard try await generation() == .v4 else { return try await siteTaglines() }
        let pages = try await allPages(maxPages: maxPages) { cursor async throws(ApiClientError) in
            let page = try await page(LemmyV4.ListTaglines(ApiListTaglines(limit: 50)), at: cursor)
            return ContentPage(items: page.items.map(Tagline.init), next: page.next)
        }
        // A server that repeats a tagline on two pages must not list it twice.
        var seen: Set<Int> = []
        return pages.items.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// Adds a tagline (admins; `not_an_admin` otherwise) and returns it. Lemmy replaces slurs in
    /// it with `*removed*` (0.19 keeps it as sent).
    @discardableResult
    public func addTagline(_ content: String) async throws(ApiClientError) -> Tagline {
        try checkPermission(mutation: true)
        try requireAccount()
        guard try await generation() == .v4 else {
            let taglines = try await replaceSiteTaglines { held throws(ApiClientError) in held.map(\.content) + [content] }
            return try Self.tagline(at: taglines.count - 1, in: taglines)
        }
        return Tagline(try await send(LemmyV4.CreateTagline(ApiCreateTagline(content: content)), mutation: true).tagline)
    }

    /// Changes the text of tagline `id` and returns it (on 0.18 and 0.19 with a new id). A
    /// tagline that is not there is `couldnt_update` on 1.0 and
    /// ``ApiClientError/Kind/invalidInput`` before 1.0 (the client looks for it).
    @discardableResult
    public func editTagline(_ id: Int, content: String) async throws(ApiClientError) -> Tagline {
        try checkPermission(mutation: true)
        try requireAccount()
        guard try await generation() == .v4 else {
            var position = 0
            let taglines = try await replaceSiteTaglines { held throws(ApiClientError) in
                position = try Self.index(of: id, in: held)
                var lines = held.map(\.content)
                lines[position] = content
                return lines
            }
            return try Self.tagline(at: position, in: taglines)
        }
        return Tagline(try await send(LemmyV4.EditTagline(ApiEditTagline(id: id, content: content)), mutation: true).tagline)
    }

    /// Deletes tagline `id` (admins). On 1.0 deleting one that is not there succeeds; before 1.0
    /// it is ``ApiClientError/Kind/invalidInput`` (the client looks for it).
    public func deleteTagline(_ id: Int) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        try requireAccount()
        guard try await generation() == .v4 else {
            _ = try await replaceSiteTaglines { held throws(ApiClientError) in
                var lines = held.map(\.content)
                lines.remove(at: try Self.index(of: id, in: held))
                return lines
            }
            return
        }
        _ = try await send(LemmyV4.DeleteTagline(ApiDeleteTagline(id: id)), mutation: true)
    }

    /// 0.18/0.19: the taglines GetSite lists, oldest first.
    private func siteTaglines() async throws(ApiClientError) -> [Tagline] {
        let site = try await send(LemmyV3.GetSite(), mutation: false)
        return (site.taglines ?? []).map(Tagline.init).sorted { $0.id < $1.id }
    }

    /// 0.18/0.19: reads the taglines, sends the texts `change` makes of them as the whole list
    /// (EditSite), and returns the list the server answers, oldest first.
    private func replaceSiteTaglines(_ change: ([Tagline]) throws(ApiClientError) -> [String]) async throws(ApiClientError)
        -> [Tagline]
    {
        let lines = try change(try await siteTaglines())
        let response = try await send(LemmyV3.EditSite(ApiEditSite(taglines: lines)), mutation: true)
        return (response.taglines ?? []).map(Tagline.init).sorted { $0.id < $1.id }
    }

    /// The place of tagline `id` in `held`, or ``ApiClientError/Kind/invalidInput``.
    private static func index(of id: Int, in held: [Tagline]) throws(ApiClientError) -> Int {
        guard let index = held.firstIndex(where: { $0.id == id }) else { throw .invalidInput("the site has no tagline \(id)") }
        return index
    }

    /// The tagline at `position` of a server's answer, which a server that answers fewer than it
    /// was sent may not have.
    private static func tagline(at position: Int, in taglines: [Tagline]) throws(ApiClientError) -> Tagline {
        guard taglines.indices.contains(position) else { throw .decoding("the server answered fewer taglines than it was sent") }
        return taglines[position]
    }
}

extension Tagline {
    init(_ tagline: ApiTagline) {
        self.init(id: tagline.id, content: tagline.content, published: tagline.publishedAt.date, updated: tagline.updatedAt?.date)
    }
}
