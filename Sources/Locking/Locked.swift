package import Foundation

/// A value guarded by a lock: the one lock type of every LemmyKit module.
///
/// Why this and not `Synchronization.Mutex` or `OSAllocatedUnfairLock`: it is built on `NSLock`
/// (a pthread mutex), which ThreadSanitizer understands on every platform, so `scripts/tsan.sh`
/// checks the code for real. `Mutex` on Linux waits on a raw futex that TSan cannot see, so the
/// accesses it guards are reported as races and real races drown among false ones;
/// `OSAllocatedUnfairLock` exists only on Apple platforms. Keep critical sections short and never
/// `await` inside `withLock` (the closure is synchronous, so the compiler enforces it).
///
/// `package`: an implementation detail shared by the package's modules, not API.
package final class Locked<Value>: @unchecked Sendable {
    // Unchecked: every access to `value` happens inside `lock`. Usable from inline so that each
    // caller's `withLock` is specialized and inlined: unspecialized, a lock taken on every hop of
    // a loader chain cost a generic call and a closure context each time.
    @usableFromInline let lock = NSLock()
    // No run-time exclusivity check either: the lock already makes each access exclusive, and a
    // `withLock` nested in another on the same value would deadlock on the lock before the check
    // could see it. The check was about 70 instructions a lock, seven of them per request in a
    // full loader chain.
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
