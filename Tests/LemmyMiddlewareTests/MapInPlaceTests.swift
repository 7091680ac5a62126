@testable import LemmyMiddleware
import Testing

/// `Array.mapInPlace`, which the reads use to turn a page of server views into models without
/// copying or moving each view.
struct MapInPlaceTests {
    /// An element holding a reference, as a server's view holds strings.
    private struct Element {
        final class Box {}
        let value: Int
        var box = Box()
    }

    @Test("hands each element over once, in order, where the array no one else holds stores it")
    func inPlace() {
        var seen: [Int] = []
        var addresses: [UnsafeRawPointer] = []
        let array = (1...5).map { Element(value: $0) }
        let slots = array.withUnsafeBufferPointer { buffer in buffer.indices.map { UnsafeRawPointer(buffer.baseAddress! + $0) } }
        let results = (consume array).mapInPlace { (element: inout Element) in
            seen.append(element.value)
            addresses.append(withUnsafePointer(to: &element) { UnsafeRawPointer($0) })
            return element.value * 10
        }
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(results == [10, 20, 30, 40, 50])
        // Neither copied nor moved: each element is handed over in its slot of the storage.
        #expect(addresses == slots)
    }

    @Test("an array someone else still holds is copied, and left as it was")
    func sharedArrayUntouched() {
        let array = (1...3).map { Element(value: $0) }
        let boxes = array.map { ObjectIdentifier($0.box) }
        let results = array.mapInPlace { (element: inout Element) in
            // A change through the element shows whether it is the holder's storage.
            element.box = Element.Box()
            return element.value
        }
        #expect(results == [1, 2, 3])
        #expect(array.map(\.value) == [1, 2, 3])
        #expect(array.map { ObjectIdentifier($0.box) } == boxes)
    }

    @Test("a throwing transform stops at the first error")
    func throwing() {
        struct Stop: Error {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            _ = try [1, 2, 3].mapInPlace { (value: inout Int) throws(Stop) -> Int in
                seen.append(value)
                if value == 2 { throw Stop() }
                return value
            }
        }
        #expect(seen == [1, 2])
    }
}
