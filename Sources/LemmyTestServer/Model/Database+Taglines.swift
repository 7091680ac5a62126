/// Lemmy 1.0's taglines, which admins write one at a time (0.18 and 0.19 replace them all with
/// EditSite): facts from `crates/api/api_crud/src/tagline/{create,update,delete,list}.rs` and
/// `db_schema/src/impls/tagline.rs` at Lemmy main 439734dd.
///
/// Admins only (`not_an_admin`). The text is not measured; slurs in it are replaced with
/// `*removed*` (`process_markdown`). Editing a tagline that does not exist is `couldnt_update`;
/// deleting one succeeds whether or not it exists (the deletion counts no rows). Anyone may list
/// them, newest first.
extension Database {
    /// Adds a tagline by admin `personId`; returns it.
    mutating func createTagline(_ content: String, by personId: Int, now: Double) throws -> TaglineRecord {
        try requireAdmin(personId)
        let record = newTagline(try taglineText(content), now: now)
        site.taglines.append(record)
        return record
    }

    /// A tagline holding `content` with the next id (1.0's CreateTagline, 0.18/0.19's EditSite).
    mutating func newTagline(_ content: String, now: Double) -> TaglineRecord {
        defer { site.nextTaglineId += 1 }
        return TaglineRecord(id: site.nextTaglineId, content: content, published: now)
    }

    /// Changes tagline `id`'s text; returns it.
    mutating func editTagline(_ id: Int, content: String, by personId: Int, now: Double) throws -> TaglineRecord {
        try requireAdmin(personId)
        let text = try taglineText(content)
        guard let index = site.taglines.firstIndex(where: { $0.id == id }) else { throw APIError.code("couldnt_update") }
        site.taglines[index].content = text
        site.taglines[index].updated = now
        return site.taglines[index]
    }

    /// Deletes tagline `id`, if there is one.
    mutating func deleteTagline(_ id: Int, by personId: Int) throws {
        try requireAdmin(personId)
        site.taglines.removeAll { $0.id == id }
    }

    /// `content` as stored: the stored slur filter's matches replaced.
    private func taglineText(_ content: String) throws -> String {
        try SlurFilter(pattern: site.slurFilterRegex).replacingMatches(in: content)
    }
}
