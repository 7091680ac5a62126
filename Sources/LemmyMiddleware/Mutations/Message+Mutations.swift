internal import LemmyAPI

/// Writing private messages.
extension ApiClient {
    /// Sends a private message and returns it as a live model. Not optimistic: there is no
    /// message to show until the server has created it.
    public func sendMessage(_ content: String, to personId: Int) async throws(ApiClientError) -> Message1 {
        try requireAccount()
        let form = ApiCreatePrivateMessage(content: content, recipientId: personId)
        return message1(try await send(LemmyAnyGeneration.CreatePrivateMessage(form), mutation: true).privateMessageView)
    }
}
