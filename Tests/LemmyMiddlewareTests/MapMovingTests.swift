@testable import LemmyMiddleware
import Testing

/// `Array.mapMoving`, which the reads use to turn a page of server views into models without
/// copying each view.
struct MapMovingTests {
    /// An element holding a reference, so that a copy of the element shows as a second holder.
    private struct Element {
        final class Box {}
        let value: Int
        var box = Box()
    }

    @Test("hands each element over once, in order, moved out of an array no one else holds")
    func movesInOrder() {
        var seen: [Int] = []
        var uniquelyHeld: [Bool] = []
        let array = (1...5).map { Element(value: $0) }
        let results = (consume array).mapMoving { (element: consuming Element) in
            seen.append(element.value)
            // Moved: the array no longer holds the element, so its box has one holder.
            uniquelyHeld.append(isKnownUniquelyReferenced(&element.box))
            return element.value * 10
        }
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(results == [10, 20, 30, 40, 50])
        #expect(uniquelyHeld == [true, true, true, true, true])
    }

    @Test("an array someone else still holds is copied, and left as it was")
    func sharedArrayUntouched() {
        let array = (1...3).map { Element(value: $0) }
        var uniquelyHeld: [Bool] = []
        let results = array.mapMoving { (element: consuming Element) in
            uniquelyHeld.append(isKnownUniquelyReferenced(&element.box))
            return element.value
        }
        #expect(results == [1, 2, 3])
        #expect(array.map(\.value) == [1, 2, 3])
        #expect(uniquelyHeld == [false, false, false])
    }

    @Test("a throwing transform stops at the first error")
    func throwing() {
        struct Stop: Error {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            _ = try [1, 2, 3].mapMoving { (value: Int) throws(Stop) -> Int in
                seen.append(value)
                if value == 2 { throw Stop() }
                return value
            }
        }
        #expect(seen == [1, 2])
    }
}
