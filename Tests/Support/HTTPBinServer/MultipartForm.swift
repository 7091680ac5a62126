import Foundation

/// Just enough `multipart/form-data` parsing for httpbin's `form` and `files` echoes.
enum MultipartForm {
    struct Part {
        var name: String
        var filename: String?
        var content: Data
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// The named parts of `body`; parts without a `Content-Disposition` name are skipped.
    static func parse(_ body: Data, boundary: String) -> [Part] {
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var parts: [Part] = []
        var searchStart = body.startIndex
        guard var current = body.range(of: delimiter, in: searchStart..<body.endIndex) else { return [] }
        while true {
            searchStart = current.upperBound
            // "--boundary--" closes the body.
            if body[searchStart...].starts(with: Data("--".utf8)) { break }
            guard let next = body.range(of: delimiter, in: searchStart..<body.endIndex) else { break }
            var chunk = body[searchStart..<next.lowerBound]
            if chunk.starts(with: Data("\r\n".utf8)) { chunk = chunk.dropFirst(2) }
            if chunk.suffix(2) == Data("\r\n".utf8) { chunk = chunk.dropLast(2) }
            if let split = chunk.range(of: headerEnd) {
                let head = String(decoding: chunk[chunk.startIndex..<split.lowerBound], as: UTF8.self)
                if let part = part(head: head, content: Data(chunk[split.upperBound...])) { parts.append(part) }
            }
            current = next
        }
        return parts
    }

    private static func part(head: String, content: Data) -> Part? {
        for line in head.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            var name: String?
            var filename: String?
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "name": name = value
                case "filename": filename = value
                default: break
                }
            }
            return name.map { Part(name: $0, filename: filename, content: content) }
        }
        return nil
    }
}
