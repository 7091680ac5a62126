/// Lemmy 0.19's post cursors (`PaginationCursor` in `crates/db_views/src/post_view.rs`, 0.19.13).
///
/// A cursor is `P` and the lowercase hex id of the last post of a page (`P1f` after post 31). To
/// resume, 0.19 drops the first character, parses the rest as a signed 32-bit hex number and reads
/// that post's aggregates: the next page starts after where the post sorts *now*, so a post
/// whose score changed in between moves the page with it. A cursor that does not parse, or names
/// no post, is a query-builder error, which 0.19 wraps as 400 `unknown` with its message.
enum PostCursor {
    /// What 0.19 answers to a cursor it cannot read.
    static let unreadable = APIError.code("unknown", message: "Could not parse pagination token")

    /// The cursor of the page after the one ending with `postId`.
    static func after(_ postId: Int) -> String {
        "P" + String(postId, radix: 16)
    }

    /// The post id in `cursor`, read as 0.19 reads it: everything after the first character, as
    /// Rust's `i32::from_str_radix(_, 16)` (an optional sign, at least one hex digit, no spaces).
    static func postId(_ cursor: String) -> Int? {
        guard let first = cursor.unicodeScalars.first, first.isASCII else { return nil }
        var digits = Substring(cursor.unicodeScalars.dropFirst())
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy(\.isHexDigit), let magnitude = Int64(digits, radix: 16) else { return nil }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int(value)
    }
}

extension UInt8 {
    /// Whether this byte is an ASCII hex digit (`0-9`, `a-f`, `A-F`).
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
