/// What a ``FeedLoader`` is doing, as a UI shows it.
public enum LoadingState: Sendable {
    /// Not loading; more pages may follow.
    case idle
    /// A load or refresh is under way.
    case loading
    /// The feed has ended; only a refresh loads again.
    case done
    /// The last load failed with this error; ``FeedLoader/retry()`` continues from the same
    /// page or cursor.
    case failed(any Error)
}

extension LoadingState {
    /// Whether a load or refresh is under way.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// The error of a failed load, if the last load failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }
}

extension LoadingState: Equatable {
    /// Compares the cases; two failures are equal whatever their errors.
    public static func == (lhs: LoadingState, rhs: LoadingState) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.loading, .loading), (.done, .done), (.failed, .failed): true
        default: false
        }
    }
}
