import Synchronization

/// Holds a fetcher's current parameters: written by the UI, read by whichever task resets the
/// feed. The `Mutex` is what makes sharing it between them safe.
final class ParameterBox<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ initial: Value) { value = Mutex(initial) }

    var current: Value {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
