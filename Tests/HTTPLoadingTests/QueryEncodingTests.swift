import Foundation
@testable import HTTPLoading
import HTTPTypes
import Testing

@Suite("Query encoding")
struct QueryEncodingTests {
    /// The query as it was made before: `URLComponents`, then `+` encoded.
    private static func throughURLComponents(_ items: [URLQueryItem]) -> String {
        var components = URLComponents()
        components.queryItems = items
        return components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
    }

    @Test("every byte pair, names and values, encodes as URLComponents encodes it, with + as %2B")
    func agreesWithURLComponents() {
        // Every printable ASCII character and controls, beside letters and non-ASCII text, as a
        // name and as a value.
        let pieces = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{1F600}", "\u{301}", "ß", "日本"]
        var disagreements: [String] = []
        for first in pieces {
            for second in ["", "a", "+", " ", "%", "é", "=", "&"] {
                let text = first + second
                for items in [
                    [URLQueryItem(name: text, value: text)], [URLQueryItem(name: "q", value: text), URLQueryItem(name: text, value: nil)],
                ] where QueryEncoding.query(items) != Self.throughURLComponents(items) {
                    disagreements.append(text)
                }
            }
        }
        #expect(disagreements.isEmpty, "encoded otherwise: \(disagreements.prefix(5).map { Array($0.unicodeScalars) })")
    }

    @Test("empty names and values, and items without a value, keep their shape")
    func emptyAndMissing() {
        let items = [URLQueryItem(name: "", value: ""), URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "k", value: "")]
        #expect(QueryEncoding.query(items) == "=&flag&k=")
        #expect(QueryEncoding.query(items) == Self.throughURLComponents(items))
    }

    @Test("a request's query items round-trip through the path")
    func roundTrip() {
        let items = [URLQueryItem(name: "q", value: "a+b c&d=e#f"), URLQueryItem(name: "é", value: "\u{1F600}")]
        var request = LoadRequest(path: "/api/v3/search", queryItems: items)
        #expect(request.head.path == "/api/v3/search?q=a%2Bb%20c%26d%3De%23f&%C3%A9=%F0%9F%98%80")
        #expect(request.queryItems == items)
        request.queryItems = []
        #expect(request.head.path == "/api/v3/search")
    }
}
