import Foundation
@testable import LemmyTestServer
import Testing

/// `Paging.page(ordered:matching:)`, which walks a cached order, cuts exactly the page that
/// sorting the matching items and cutting them (the way every listing worked before) gives.
@Suite("Paging over a cached order")
struct PagingWalkTests {
    /// The reference: filter, sort, then cut by page or cursor.
    static func reference(
        _ items: [(id: Int, key: SortKey)], matching: (Int) -> Bool, page: Int?, limit: Int, cursor: String?, alwaysNext: Bool
    ) throws -> PageResult {
        let sorted = items.filter { matching($0.id) }.sorted { $0.key > $1.key }
        var start = 0
        var end = sorted.count
        if let cursor {
            guard let position = PageCursor.decode(cursor) else { throw APIError.code("couldnt_parse_pagination_token") }
            let key = position.key
            switch position.direction {
            case .next:
                start = sorted.firstIndex { $0.key < key } ?? sorted.count
                end = min(sorted.count, start + limit)
            case .previous:
                end = sorted.firstIndex { $0.key <= key } ?? sorted.count
                start = max(0, end - limit)
            }
        } else {
            start = min(sorted.count, max(0, (page ?? 1) - 1) * limit)
            end = min(sorted.count, start + limit)
        }
        let slice = sorted[start..<end]
        var result = PageResult(ids: slice.map(\.id))
        if let last = slice.last, end < sorted.count || alwaysNext { result.next = PageCursor.encode(last.key, .next) }
        if let first = slice.first, start > 0 { result.previous = PageCursor.encode(first.key, .previous) }
        return result
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func walkingTheOrderCutsTheSamePages(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let count = Int(random.next() % 200)
        // Few distinct primaries, so featured and tiebreaks decide many places.
        let items = (1...max(count, 1)).map { id in
            (id: id, key: SortKey(featured: Int(random.next() % 5 == 0 ? 1 : 0), primary: Double(random.next() % 7), tiebreak: id))
        }
        let hidden = Set(items.map(\.id).filter { _ in random.next() % 3 == 0 })
        let matching = { (id: Int) in !hidden.contains(id) }
        let ordered = items.sorted { $0.key > $1.key }
        for limit in [1, 3, 10, 50] {
            for alwaysNext in [false, true] {
                var cursors: [String?] = [nil]
                for page in [nil, 0, 1, 2, 3, 7, 40] as [Int?] {
                    let expected = try Self.reference(
                        items, matching: matching, page: page, limit: limit, cursor: nil, alwaysNext: alwaysNext)
                    let walked = try Paging.page(
                        ordered: ordered, page: page, limit: limit, cursor: nil, alwaysNext: alwaysNext, matching: matching)
                    #expect(walked.ids == expected.ids && walked.next == expected.next && walked.previous == expected.previous)
                    cursors += [expected.next, expected.previous]
                }
                // Cursors at, between and beyond items, in both directions.
                for item in ordered.prefix(20) {
                    cursors += [PageCursor.encode(item.key, .next), PageCursor.encode(item.key, .previous)]
                }
                cursors += [PageCursor.encode(SortKey(featured: 2, primary: 0, tiebreak: 0), .next)]
                cursors += [PageCursor.encode(SortKey(featured: -1, primary: 0, tiebreak: 0), .previous)]
                for cursor in cursors.compactMap({ $0 }) {
                    let expected = try Self.reference(
                        items, matching: matching, page: nil, limit: limit, cursor: cursor, alwaysNext: alwaysNext)
                    let walked = try Paging.page(
                        ordered: ordered, page: nil, limit: limit, cursor: cursor, alwaysNext: alwaysNext, matching: matching)
                    #expect(walked.ids == expected.ids && walked.next == expected.next && walked.previous == expected.previous)
                }
            }
        }
    }

    @Test func aHugePageNumberGivesAnEmptyPage() throws {
        let ordered = (1...5).reversed().map { (id: $0, key: SortKey(featured: 0, primary: Double($0), tiebreak: $0)) }
        let page = try Paging.page(ordered: ordered, page: Int.max, limit: 50, cursor: nil, matching: { _ in true })
        #expect(page.ids.isEmpty && page.next == nil && page.previous == nil)
    }

    @Test func aBadCursorIsRefused() {
        #expect(throws: APIError.self) {
            try Paging.page(ordered: [], page: nil, limit: 10, cursor: "not a cursor", matching: { _ in true })
        }
    }
}

/// A small deterministic generator, so a failing case can be replayed from its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
