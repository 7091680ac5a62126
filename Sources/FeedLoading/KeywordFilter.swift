/// Hides items containing any of a list of keywords as whole words, ignoring case, in the
/// text the caller extracts (e.g. a post's title and body).
///
/// "cat" hides "Cat pictures" but not "concatenate". A keyword of several words matches
/// those words in sequence.
public struct KeywordFilter<Item>: FeedFilter {
    /// The filter's name.
    public let name: String
    /// The keywords, as given.
    public let keywords: [String]
    private let phrases: [[Substring]]
    private let texts: @Sendable (Item) -> [String]

    /// Creates a keyword filter.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keywords: The words or phrases that hide an item.
    ///   - texts: The texts of an item to search.
    public init(_ name: String = "Keywords", keywords: [String], texts: @escaping @Sendable (Item) -> [String]) {
        self.name = name
        self.keywords = keywords
        self.phrases = keywords.map(Self.words).filter { !$0.isEmpty }
        self.texts = texts
    }

    /// A predicate that keeps items in which no keyword occurs.
    public func makePredicate() -> (Item) -> Bool {
        { [phrases, texts] item in
            guard !phrases.isEmpty else { return true }
            return !texts(item).contains { text in
                let words = Self.words(text)
                return phrases.contains { Self.contains(words, phrase: $0) }
            }
        }
    }

    private static func words(_ text: String) -> [Substring] {
        text.lowercased()
            .split { !($0.isLetter || $0.isNumber) }
    }

    private static func contains(_ words: [Substring], phrase: [Substring]) -> Bool {
        guard words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
        }
    }
}
