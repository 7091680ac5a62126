extension Result {
    /// The failure, if any.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
