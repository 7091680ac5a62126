internal import LemmyAPI

/// Writing private messages.
extension ApiClient {
    /// Sends a private message and returns it as a live model. Not optimistic: there is no
    /// message to show until the server has created it.
    public func sendMessage(_ content: String, to personId: Int) async throws(ApiClientError) -> Message1 {
        try requireAccount()
        let form = ApiCreatePrivateMessage(content: content, recipientId: personId)
        if try await generation() == .v4 {
            return message1(try await send(LemmyV4.CreatePrivateMessage(form), mutation: true).privateMessageView)
        }
        return message1(try await send(LemmyV3.CreatePrivateMessage(form), mutation: true).privateMessageView)
    }
}
