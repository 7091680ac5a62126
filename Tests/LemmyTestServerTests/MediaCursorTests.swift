import Foundation
@testable import LemmyTestServer
import Testing

/// 1.0's cursors over uploaded images, which page by alias (`CursorData::new_plain`) with
/// `paginate_response`'s rules.
@Suite("1.0 image list cursors")
struct MediaCursorTests {
    static let aliases = ["a.png", "b.png", "c.png", "d.png", "e.png"]

    @Test("Forward by alias, back again, and out of an empty end by a recovery cursor")
    func walk() throws {
        let first = MediaCursor.page(Self.aliases, limit: 2, after: nil)
        #expect(first.aliases == ["a.png", "b.png"] && first.previous == nil)
        let second = MediaCursor.page(Self.aliases, limit: 2, after: try cursor(first.next))
        #expect(second.aliases == ["c.png", "d.png"] && second.previous != nil && second.next != nil)
        let third = MediaCursor.page(Self.aliases, limit: 2, after: try cursor(second.next))
        #expect(third.aliases == ["e.png"] && third.next == nil)
        let back = MediaCursor.page(Self.aliases, limit: 2, after: try cursor(third.previous))
        #expect(back.aliases == ["c.png", "d.png"])
        let start = MediaCursor.page(Self.aliases, limit: 2, after: try cursor(second.previous))
        #expect(start.aliases == ["a.png", "b.png"])

        // Past the end: an empty page offers a way back that takes in the alias it named.
        let end = MediaCursor(alias: "e.png", back: false)
        let empty = MediaCursor.page(Self.aliases, limit: 2, after: end)
        #expect(empty.aliases.isEmpty && empty.next == nil)
        let recovery = try #require(empty.previous)
        #expect(recovery.recovery && recovery.back)
        #expect(MediaCursor.page(Self.aliases, limit: 2, after: recovery).aliases == ["d.png", "e.png"])
    }

    @Test("A cursor survives encoding, an alias with reserved characters too; anything else is no cursor")
    func encoding() {
        for cursor in [
            MediaCursor(alias: "x&d=y.png", back: true, recovery: false), MediaCursor(alias: "é %.png", back: false, recovery: true),
        ] {
            #expect(MediaCursor(cursor.encoded) == cursor)
        }
        // Unknown members are ignored, as serde does without `deny_unknown_fields`.
        #expect(MediaCursor(Base64URL.encode(Data("b=true&d=x&r=false&z=1".utf8)))?.alias == "x")
        for text in [
            "", "%%%", Base64URL.encode(Data("b=true&d=x".utf8)), Base64URL.encode(Data("b=yes&d=x&r=false".utf8)),
            Base64URL.encode(Data("b=true&d=x&d=y&r=false".utf8)),
        ] {
            #expect(MediaCursor(text) == nil, "\(text)")
        }
    }

    /// The cursor a page offers, which the test needs to go on (a failure if there is none).
    private func cursor(_ cursor: MediaCursor?) throws -> MediaCursor { try #require(cursor) }
}
