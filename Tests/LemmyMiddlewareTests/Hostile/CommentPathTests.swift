import Testing

@testable import LemmyMiddleware

/// A comment's path is read whole or not at all: a half-read path places a comment where it is not.
@Suite("Comment paths")
struct CommentPathTests {
    @Test("Lemmy's paths give the ids after the leading 0")
    func wellFormed() {
        #expect(CommentPath.ids("0.12") == [12])
        #expect(CommentPath.ids("0.12.40.7") == [12, 40, 7])
    }

    @Test(
        "A path that is not 0 and positive ids gives none",
        arguments: [
            "", "0", "0.", "12", "1.12", "0.12.x", "0.x.12", "0..12", "0.12.", "0.-3", "0.0", "0.+4", "0. 4", "0.99999999999999999999",
        ])
    func malformed(_ path: String) {
        #expect(CommentPath.ids(path) == [], "\(path)")
    }
}
