import LemmyMiddleware

extension MutationResult {
    /// Throws the failure of a mutation as a ``CLIFailure`` (the model has already rolled back);
    /// a command has nothing to show for an optimistic change the server refused.
    func orThrow(action: String, instance: String) throws(CLIFailure) {
        if case .failed(let error) = self { throw CLIFailure(error, action: action, instance: instance) }
    }
}
