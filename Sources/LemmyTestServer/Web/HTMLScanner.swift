import Foundation
/// The tokens of an HTML document that ``HTMLHead`` needs: start tags with their attributes, end
/// tags, and runs of text (only whether they are blank). Comments, doctypes and processing
/// instructions are skipped.
struct HTMLScanner {
    enum Token: Equatable {
        case start(name: String, attributes: [String: String])
        case end
        case text(blank: Bool)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Skips a UTF-8 byte-order mark at the start.
    mutating func skipByteOrderMark() {
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func next() -> Token? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                return .text(blank: bytes[start..<index].allSatisfy(Self.isSpace))
            }
            let after = index + 1 < bytes.count ? bytes[index + 1] : 0
            if after == UInt8(ascii: "!") || after == UInt8(ascii: "?") {
                skipMarkupDeclaration()
                continue
            }
            if after == UInt8(ascii: "/") {
                index = (firstIndex(of: UInt8(ascii: ">"), from: index) ?? bytes.count - 1) + 1
                return .end
            }
            guard Self.isLetter(after) else {
                // A `<` that starts no tag is text (html5ever's "invalid first character of tag name").
                index += 1
                return .text(blank: false)
            }
            // A tag cut off by the end of the page is dropped, as html5ever drops it.
            return startTag()
        }
        return nil
    }

    /// The text up to `</name` (case-insensitive) and past the end tag, as a `<title>`, `<script>`
    /// or `<style>` holds it.
    mutating func rawText(until name: String) -> String {
        let closing = Array("</\(name)".utf8)
        var cursor = index
        while cursor + closing.count <= bytes.count {
            if bytes[cursor] == UInt8(ascii: "<"),
                zip(bytes[cursor..<cursor + closing.count], closing).allSatisfy({ Self.lower($0) == $1 })
            {
                let text = String(decoding: bytes[index..<cursor], as: UTF8.self)
                index = (firstIndex(of: UInt8(ascii: ">"), from: cursor) ?? bytes.count - 1) + 1
                return text
            }
            cursor += 1
        }
        let text = String(decoding: bytes[index...], as: UTF8.self)
        index = bytes.count
        return text
    }

    private mutating func skipMarkupDeclaration() {
        if bytes[index...].starts(with: Array("<!--".utf8)) {
            // `<!-->` and `<!--->` are empty comments.
            for shortEnd in ["<!-->", "<!--->"] where bytes[index...].starts(with: Array(shortEnd.utf8)) {
                index += shortEnd.utf8.count
                return
            }
            var cursor = index + 4
            while cursor + 3 <= bytes.count, !bytes[cursor..<cursor + 3].elementsEqual("-->".utf8) { cursor += 1 }
            index = min(cursor + 3, bytes.count)
        } else {
            index = (firstIndex(of: UInt8(ascii: ">"), from: index) ?? bytes.count - 1) + 1
        }
    }

    private mutating func startTag() -> Token? {
        index += 1
        let nameStart = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index].map(Self.lower), as: UTF8.self)
        var attributes: [String: String] = [:]
        while index < bytes.count {
            while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { break }
            let keyStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), !Self.endsName(bytes[index]) { index += 1 }
            let key = String(decoding: bytes[keyStart..<index].map(Self.lower), as: UTF8.self)
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
                value = attributeValue()
            }
            // The first of repeated attributes counts, as in html5ever.
            if !key.isEmpty, attributes[key] == nil {
                attributes[key] = HTMLEntities.decode(value).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        guard index < bytes.count else { return nil }
        index += 1
        return .start(name: name, attributes: attributes)
    }

    private mutating func attributeValue() -> String {
        guard index < bytes.count else { return "" }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = index + 1
            let end = firstIndex(of: quote, from: start) ?? bytes.count
            index = min(end + 1, bytes.count)
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let start = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var cursor = start
        while cursor < bytes.count {
            if bytes[cursor] == byte { return cursor }
            cursor += 1
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    /// `>`, `=` and `/`, which end an attribute's name.
    static func endsName(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
