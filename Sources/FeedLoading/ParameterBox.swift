internal import Locking

/// Holds a fetcher's current parameters: written by the UI, read by whichever task resets the
/// feed. The lock is what makes sharing it between them safe.
final class ParameterBox<Value: Sendable>: Sendable {
    private let value: Locked<Value>

    init(_ initial: Value) { value = Locked(initial) }

    var current: Value {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
