/// Tier 2 of the inbox: what a reply or message screen shows beyond the inbox list. The list's
/// answers carry the reply's comment with its post, community and author at tier 1; tier 2 reads
/// the post (with its community's counts and subscription), the author's profile and the comment
/// replied to, all at once.
extension Reply1Providing {
    /// A ``Reply2`` (GetPost, GetPersonDetails and, for a reply to a comment, GetComment, sent
    /// together), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Reply {
        if let reply = self as? Reply2 { return reply }
        return try await api.reply2(reply1)
    }
}

extension Message1Providing {
    /// A ``Message2`` (GetPersonDetails of the sender and of the recipient, sent together), or
    /// `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Message {
        if let message = self as? Message2 { return message }
        return try await api.message2(message1)
    }
}

extension ApiClient {
    /// Reads what ``Reply2`` adds to `reply`.
    func reply2(_ reply: Reply1) async throws(ApiClientError) -> Reply2 {
        let comment = reply.comment
        // The path ends with the comment's own id; the id before it is the comment it answers.
        let path = comment.path
        let parentId = path.count >= 2 && path.last == comment.id ? path[path.count - 2] : nil
        async let post = outcome { () async throws(ApiClientError) in try await self.getPost(id: comment.postId) }
        async let creator = outcome { () async throws(ApiClientError) in try await self.getPerson(id: comment.creator.id) }
        async let parent = outcome { () async throws(ApiClientError) -> Comment2? in
            guard let parentId else { return nil }
            return try await self.getComment(id: parentId)
        }
        let post3 = try await post.get()
        let person3 = try await creator.get()
        let parentComment = try await parent.get()
        return merge(
            Reply2Snapshot(), reply1: reply, post2: post3.post2, community2: post3.community2, creator2: person3.person2,
            parent: parentComment)
    }

    /// Reads what ``Message2`` adds to `message`.
    func message2(_ message: Message1) async throws(ApiClientError) -> Message2 {
        let creatorId = message.creator.id
        let recipientId = message.recipient.id
        async let creator = outcome { () async throws(ApiClientError) in try await self.getPerson(id: creatorId) }
        async let recipient = outcome { () async throws(ApiClientError) -> Person3? in
            recipientId == creatorId ? nil : try await self.getPerson(id: recipientId)
        }
        let creator3 = try await creator.get()
        let recipient2 = try await recipient.get()?.person2 ?? creator3.person2
        return merge(Message2Snapshot(), message1: message, creator2: creator3.person2, recipient2: recipient2)
    }

    /// `body`'s value or error as a `Result`, so that reads started together with `async let`
    /// keep their typed error.
    private func outcome<T>(_ body: () async throws(ApiClientError) -> T) async -> Result<T, ApiClientError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
