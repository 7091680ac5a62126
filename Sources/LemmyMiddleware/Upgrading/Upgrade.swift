/// `upgrade()`: each tier fetches the highest tier one request reaches; the top tier returns itself.
extension Post1Providing {
    /// A ``Post3`` (one GetPost), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Post {
        if let post = self as? Post3 { return post }
        return try await api.getPost(id: id)
    }
}

extension Person1Providing {
    /// A ``Person3`` (one GetPersonDetails), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Person {
        if let person = self as? Person3 { return person }
        return try await api.getPerson(id: id)
    }
}

extension Community1Providing {
    /// A ``Community3`` (one GetCommunity), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Community {
        if let community = self as? Community3 { return community }
        return try await api.getCommunity(id: id)
    }
}

extension Comment1Providing {
    /// A ``Comment2`` (one GetComment), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Comment {
        if let comment = self as? Comment2 { return comment }
        return try await api.getComment(id: id)
    }
}
