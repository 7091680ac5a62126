extension LemmyRawClient {
    /// Sends a call both API generations have, as the generation the server speaks: ``LemmyGenerationalRequest/v3``
    /// to 0.18/0.19 and ``LemmyGenerationalRequest/v4`` to 1.0.
    ///
    /// Available when both generations answer with the same type, so the caller writes the call
    /// once instead of branching on ``LemmyServerVersion/generation``.
    public func send<R: LemmyGenerationalRequest>(_ request: R) async throws(LemmyClientError) -> R.V3.Response
    where R.V3.Response == R.V4.Response {
        switch try await serverVersion().generation {
        case .v4: try await send(request.v4)
        default: try await send(request.v3)
        }
    }
}
