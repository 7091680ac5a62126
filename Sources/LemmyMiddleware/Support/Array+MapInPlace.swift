extension Array {
    /// `map` over an array the caller gives up, handing `transform` each element where it is
    /// stored: neither copied nor moved.
    ///
    /// `map` and `for-in` hand over a copy of each element. For a server's view such as
    /// `ApiPostView` that is a retain of each of its strings and arrays, and a release of each when
    /// the array is freed: about 2,400 instructions a post in the FeedScroll benchmark, for work
    /// that reads the view once. Moving each view out instead (reversing the array and popping
    /// it) still copied its bytes twice, and an `ApiPostView` is about 2 KB: about 550
    /// instructions a post. `transform` gets the element `inout` only because that is what hands
    /// it over in place: a borrowed element read from the array's storage was copied for the
    /// call, the compiler being unable to prove that nothing changes the storage meanwhile. It
    /// must not change the element; the array is freed afterwards, as the raw client's pages are.
    ///
    /// Pass an array no one else holds (`consume`): a shared one is copied whole first.
    ///
    /// Never inlined: its callers are async functions (a page read, a feed's fetch), and inlined
    /// there, the models' snapshots made from the views (`transform`, inlined into it) became
    /// part of the caller's async frame: `ApiClient.getPosts`' was 4,352 bytes, and is 320 without
    /// them. An async frame lives in its task's allocator, which mallocs slabs of about 1,000
    /// bytes for it; on the thread's stack those temporaries cost nothing.
    @inline(never)
    consuming func mapInPlace<T, Failure: Error>(_ transform: (inout Element) throws(Failure) -> T) throws(Failure) -> [T] {
        try withUnsafeMutableBufferPointer { (elements) throws(Failure) -> [T] in
            var result: [T] = []
            result.reserveCapacity(elements.count)
            // Counting offsets: a range of pointers looks its `Strideable` conformance up for
            // every step in unspecialized code.
            for offset in 0..<elements.count { result.append(try transform(&elements[offset])) }
            return result
        }
    }
}
