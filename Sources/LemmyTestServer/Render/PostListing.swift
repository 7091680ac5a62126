import Foundation
import LemmyAPI

/// An answer that writes its own JSON; ``APIRoutes`` encodes any other with its dialect.
protocol SelfEncodingAnswer: Sendable {
    /// The answer's JSON, in its dialect.
    func json() throws -> Data
}

/// A page of post views (0.18/0.19 `GetPostsResponse`, 1.0's paged list) whose views are
/// spliced in as the JSON kept in ``EncodedPostViews``.
///
/// The answer is encoded with its list empty (`{"posts":[],"next_page":...}`) and the views' JSON
/// is put between the brackets. The bytes are those of encoding the whole answer, as the fast
/// encoder writes a nested value as it writes it alone (`EncodedPostViewsTests` compares the two
/// in each dialect). An answer whose list is not its first member cannot be spliced: that is a
/// test-server bug, reported as a render error.
struct PostListing<Answer: Encodable & Sendable>: SelfEncodingAnswer, Encodable {
    /// The list's member, which the answer must write first.
    let member: String
    let ids: [Int]
    let renderer: Renderer
    /// The answer holding `views`.
    let answer: @Sendable (_ views: [ApiPostView]) -> Answer

    func json() throws -> Data {
        let envelope = try renderer.dialect.encode(answer([]))
        let head = Data("{\"\(member)\":[".utf8)
        let rest = envelope.dropFirst(head.count)
        guard envelope.starts(with: head), rest.first == UInt8(ascii: "]") else { throw SplicingError(member: member) }
        let views = try renderer.postViewsJSON(ids)
        var json = Data(capacity: envelope.count + views.reduce(views.count) { $0 + $1.count })
        json.append(head)
        for (index, view) in views.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(view)
        }
        json.append(rest)
        return json
    }

    /// The whole answer, for an encoder other than the dialect's.
    func encode(to encoder: any Encoder) throws {
        try answer(ids.map(renderer.postView)).encode(to: encoder)
    }
}

/// A listing whose answer does not start with its list.
struct SplicingError: Error, CustomStringConvertible {
    var member: String
    var description: String { "the answer does not start with its list `\(member)`" }
}
