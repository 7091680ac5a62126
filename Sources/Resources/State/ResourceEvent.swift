/// What just happened to a resource, as told to its observers.
public enum ResourceEvent: Sendable, Hashable {
    /// Where new data came from.
    public enum Source: Sendable, Hashable {
        /// A response from the network.
        case network
        /// A persistent cache, before the network answered.
        case cache
        /// A local override (an optimistic update).
        case localOverride
        /// A wipe, which replaced the data with nothing.
        case wipe
    }

    /// Sent once, to the observer just added and to no other.
    case observerAdded
    /// A load started.
    case requested
    /// A load was cancelled; nothing else changed.
    case requestCancelled
    /// The data changed.
    case newData(Source)
    /// The server confirmed the data is unchanged (304, or an identical body); only the
    /// timestamp moved.
    case notModified
    /// A load failed; the previous data is kept.
    case error
}
