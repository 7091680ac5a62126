extension Array {
    /// `map` over an array the caller gives up, moving each element out of it instead of
    /// copying it.
    ///
    /// `map` and `for-in` hand over a copy of each element. For a server's view such as
    /// `ApiPostView` that is a retain of each of its strings and arrays, and a release of each when
    /// the array is freed: about 2,400 instructions a post in the FeedScroll benchmark, for work
    /// that reads the view once. Here the array is reversed in place (a swap moves elements) and
    /// popped from its end, so the elements are still handed over in order. If someone else holds
    /// the array, the reversal copies it once, as `map` would have.
    ///
    /// Never inlined: its callers are async functions (a page read, a feed's fetch), and inlined
    /// there, the popped views and the models' snapshots made from them (`transform`, inlined into
    /// it) became part of the caller's async frame: `ApiClient.getPosts`' was 4,352 bytes, and is
    /// 320 without them. An async frame lives in its task's allocator, which mallocs slabs of
    /// about 1,000 bytes for it; on the thread's stack those temporaries cost nothing.
    @inline(never)
    consuming func mapMoving<T, Failure: Error>(_ transform: (consuming Element) throws(Failure) -> T) throws(Failure) -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        withUnsafeMutableBufferPointer { $0.reverse() }
        // `consume`: without it the popped element is copied into the call, even at its last use.
        while let element = popLast() { result.append(try transform(consume element)) }
        return result
    }
}
