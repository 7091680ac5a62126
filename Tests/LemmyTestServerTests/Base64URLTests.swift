import Foundation
import Testing

@testable import LemmyTestServer

@Suite("Base64url of cursors and tokens")
struct Base64URLTests {
    /// Foundation's base64 with the RFC 4648 §5 substitutions and no padding, as the server wrote
    /// cursors and tokens before ``Base64URL``.
    static func reference(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("Every length up to 64 bytes, every byte value: the reference's text, and back")
    func roundTrips() throws {
        var generator = SplitMix(seed: 4648)
        for length in 0...64 {
            for round in 0..<8 {
                // Round 0 holds 0xFB and 0xFF bytes, whose base64 has `+` and `/` in it.
                let bytes = (0..<length).map { index in round == 0 ? UInt8(0xFB + index % 5) : UInt8(truncatingIfNeeded: generator.next()) }
                let data = Data(bytes)
                let text = Base64URL.encode(data)
                #expect(text == Self.reference(data))
                #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
                #expect(Base64URL.decode(text) == data)
                #expect(Base64URL.decode(data.base64EncodedString()) == data, "padded standard base64 is read too")
            }
        }
    }

    @Test("Text that is not base64url is refused", arguments: ["*", "a", "ab$c", "é", "abc\u{0}", "a b c d"])
    func refuses(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
