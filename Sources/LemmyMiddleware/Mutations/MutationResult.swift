/// What an optimistic mutation ended in, for UI that wants to await it.
public enum MutationResult: Sendable, Equatable {
    /// The server accepted the change; the model holds the server's answer.
    case confirmed
    /// The model already had the requested state (or a later mutation superseded this one).
    case unchanged
    /// The server refused or could not be reached; the model rolled back to the last confirmed state.
    case failed(ApiClientError)

    /// Whether the mutation failed.
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// Why the mutation failed; nil unless it did.
    public var error: ApiClientError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
