import FeedLoading
import Testing

@Suite("Filters")
struct FilterTests {
    private func kept<F: FeedFilter>(_ filter: F, _ items: [F.Item]) -> [F.Item] {
        items.filter(filter.makePredicate())
    }

    @Test("keywords match whole words, ignoring case, in any extracted text")
    func keywordsWholeWords() {
        let filter = KeywordFilter<Post>(keywords: ["cat", "Hot Dog"]) { [$0.title, $0.apID] }
        let items = [
            Post(id: 1, title: "CAT pictures"),
            Post(id: 2, title: "concatenate strings"),
            Post(id: 3, title: "a hot  dog stand"),
            Post(id: 4, title: "hot dogs"),
            Post(id: 5, title: "plain", apID: "about my cat."),
        ]
        #expect(kept(filter, items).map(\.id) == [2, 4])
    }

    @Test("keywords read field by field hide the same items as the texts given as an array, in any field")
    func keywordsFieldByField() {
        let keywords = ["cat", "Hot Dog", "été"]
        let byFields = KeywordFilter<Post>(keywords: keywords, searching: { $0.title }, { $0.apID })
        let byArray = KeywordFilter<Post>(keywords: keywords) { [$0.title, $0.apID] }
        let items = [
            Post(id: 1, title: "CAT pictures"), Post(id: 2, title: "concatenate strings"),
            Post(id: 3, title: "a hot  dog stand"), Post(id: 4, title: "hot dogs"),
            Post(id: 5, title: "plain", apID: "about my cat."), Post(id: 6, title: "plain", apID: "un ÉTÉ chaud"),
            Post(id: 7, title: "plain", apID: "nothing here"),
        ]
        #expect(kept(byFields, items).map(\.id) == [2, 4, 7])
        #expect(kept(byFields, items).map(\.id) == kept(byArray, items).map(\.id))
        #expect(kept(KeywordFilter<Post>(keywords: keywords, searching: { $0.title }), items).map(\.id) == [2, 4, 5, 6, 7])
    }

    @Test("text with non-ASCII letters is lowercased as Unicode does, not byte by byte")
    func keywordsInNonASCIIText() {
        // The Kelvin sign lowercases to an ASCII "k"; "É" to "é". ASCII-only text is searched
        // folding case byte by byte, so these must take the general path.
        let filter = KeywordFilter<Post>(keywords: ["kelvin", "été"]) { [$0.title] }
        let items = [
            Post(id: 1, title: "the \u{212A}ELVIN scale"),
            Post(id: 2, title: "un ÉTÉ chaud"),
            Post(id: 3, title: "Kelvins and étés"),
            Post(id: 4, title: "KELVIN"),
        ]
        #expect(kept(filter, items).map(\.id) == [3])
    }

    @Test("keywords are found at every offset of long ASCII text, in any case, and only as whole words")
    func keywordsAtEveryOffset() {
        // ASCII text is scanned 16 bytes at a time: put the word across every chunk boundary.
        let filter = KeywordFilter<Post>(keywords: ["rust", "4chan"]) { [$0.title] }
        for offset in 0..<40 {
            let padding = String(repeating: "x", count: offset)
            for word in ["rust", "Rust", "RUST", "4chan", "4CHAN"] {
                let hidden = Post(id: 1, title: "\(padding) \(word) tail")
                let atEnd = Post(id: 2, title: "\(padding) \(word)")
                let partial = Post(id: 3, title: "\(padding) \(word)y tail")
                let glued = Post(id: 4, title: "\(padding)\(word) tail")
                #expect(kept(filter, [hidden, atEnd, partial]).map(\.id) == [3], "\(word) after \(offset) bytes")
                #expect(kept(filter, [glued]).map(\.id) == (offset == 0 ? [] : [4]), "\(word) glued after \(offset) bytes")
            }
        }
        // A match before a non-ASCII byte still hides the item.
        #expect(
            kept(filter, [Post(id: 1, title: "\(String(repeating: "a", count: 20)) rust \(String(repeating: "é", count: 20))")]).isEmpty)
        // Non-ASCII text in a long text's last, partial chunk (read overlapping the chunk
        // before it) still takes the general path: the Kelvin sign lowercases to "k".
        let kelvin = KeywordFilter<Post>(keywords: ["kelvin"]) { [$0.title] }
        for length in 16..<40 {
            let padding = String(repeating: "x", count: length)
            #expect(kept(kelvin, [Post(id: 1, title: "\(padding) \u{212A}ELVIN")]).isEmpty, "after \(length) bytes")
        }
        // A control byte that differs from a first byte ("4") only in the 0x20 bit is not it.
        #expect(kept(filter, [Post(id: 1, title: "\(String(repeating: "a", count: 20)) \u{14}chan")]).count == 1)
    }

    @Test("keywords hide exactly what a plain lowercase word-by-word search finds, at every alignment")
    func keywordsAgreeWithAPlainSearch() {
        // The filter's first look scans 16 bytes at a time for a word's first and last bytes;
        // every text made of three of these tokens, shifted by 0 to 20 bytes, must be judged
        // as splitting the lowercased text into words would judge it.
        let keywords = ["rust", "go", "4chan", "hot dog"]
        let filter = KeywordFilter<Post>(keywords: keywords) { [$0.title] }
        let tokens = ["rust", "RuST", "rusty", "trust", "go", "GO", "ago", "4chan", "hot", "dog", " ", "-", "é"]
        var texts: [String] = []
        for first in tokens {
            for second in tokens {
                for third in tokens {
                    for shift in 0...20 {
                        let padding = String(repeating: "x", count: shift) + (shift.isMultiple(of: 2) ? " " : "")
                        texts.append(padding + first + second + " " + third)
                    }
                }
            }
        }
        let keep = filter.makePredicate()
        let disagreements = texts.filter { keep(Post(id: 0, title: $0)) == Self.plainSearchHides($0, keywords) }
        #expect(disagreements.count == 0, "texts judged otherwise, such as \(disagreements.prefix(3))")
    }

    /// Whether any keyword occurs in `text` as whole words: the lowercased text split into runs
    /// of letters and digits.
    private static func plainSearchHides(_ text: String, _ keywords: [String]) -> Bool {
        func words(_ string: String) -> [String] {
            string.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
        }
        let textWords = words(text)
        return keywords.contains { keyword in
            let phrase = words(keyword)
            guard !phrase.isEmpty, textWords.count >= phrase.count else { return false }
            return (0...(textWords.count - phrase.count)).contains { Array(textWords[$0..<($0 + phrase.count)]) == phrase }
        }
    }

    @Test("an empty keyword list keeps everything")
    func emptyKeywords() {
        let filter = KeywordFilter<Post>(keywords: ["", "  "]) { [$0.title] }
        #expect(kept(filter, posts(1...3)).count == 3)
        #expect(filter.keepsEverything)
        #expect(!KeywordFilter<Post>(keywords: ["", "cat"]) { [$0.title] }.keepsEverything)
    }

    @Test("a predicate filter keeps everything only when made to")
    func predicateKeepsEverything() {
        let all = PredicateFilter<Post>.keepingEverything("Blocked")
        #expect(all.keepsEverything)
        #expect(all.name == "Blocked")
        #expect(kept(all, posts(1...3)).count == 3)
        #expect(!PredicateFilter<Post>("Read") { _ in true }.keepsEverything)
    }

    @Test("duplicates by key path keep the first item for each key")
    func duplicatesByKeyPath() {
        let filter = DuplicateFilter<Post, String>(by: \.apID)
        let items = [
            Post(id: 1, apID: "a"), Post(id: 2, apID: "b"), Post(id: 3, apID: "a"), Post(id: 4, apID: "b"),
        ]
        #expect(kept(filter, items).map(\.id) == [1, 2])
        #expect(kept(filter, items).map(\.id) == [1, 2], "each pass starts clean")
    }

    @Test("duplicates are told apart by key, not by hash: keys whose hashes collide are all kept")
    func duplicatesWithCollidingHashes() {
        // The filter remembers each key's hash to skip rehashing and most comparisons; keys with
        // one hash must still be compared whole.
        let filter = DuplicateFilter<Post, CollidingKey>("Duplicates") { CollidingKey(text: $0.apID) }
        let items = [
            Post(id: 1, apID: "a"), Post(id: 2, apID: "b"), Post(id: 3, apID: "a"), Post(id: 4, apID: "c"),
            Post(id: 5, apID: "b"),
        ]
        #expect(kept(filter, items).map(\.id) == [1, 2, 4])
    }

    @Test("membership hides items with any excluded key")
    func membership() {
        let blocked = MembershipFilter<Post, Int>("Blocked people", excluding: [7]) { $0.creator }
        let items = [Post(id: 1, creator: 7), Post(id: 2, creator: 8)]
        #expect(kept(blocked, items).map(\.id) == [2])

        let either = MembershipFilter<Post, Int>("Blocked", excluding: [3]) { [$0.creator, $0.date] }
        #expect(kept(either, [Post(id: 1, creator: 1, date: 3), Post(id: 2, creator: 2, date: 2)]).map(\.id) == [2])
    }
}

@Suite("FeedLoader filtering")
@MainActor
struct FeedLoaderFilterTests {
    @Test("filters hide items and report how many each removed")
    func countsPerFilter() async {
        var all = posts(1...10)
        all[1].isRead = true
        all[3].isRead = true
        all[5].creator = 66
        all[7].apID = all[0].apID
        let source = CountingSource(all, pageSize: 10)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            filters: [
                PredicateFilter("Read") { !$0.isRead },
                MembershipFilter("Blocked", excluding: [66]) { $0.creator },
                DuplicateFilter("Duplicates", by: \.apID),
            ]
        )
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [1, 3, 5, 7, 9, 10])
        #expect(loader.removedCount(named: "Read") == 2)
        #expect(loader.removedCount(named: "Blocked") == 1)
        #expect(loader.removedCount(named: "Duplicates") == 1)
        #expect(loader.unfilteredItems.count == 10)
    }

    @Test("a filter that keeps everything is listed but never asked about an item, until it is replaced")
    func keepsEverythingNotCalled() async {
        let calls = CallCounter()
        let source = CountingSource(posts(1...10), pageSize: 10)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            filters: [KeepingEverything(name: "Idle", calls: calls), PredicateFilter("Odd") { $0.id % 2 == 1 }]
        )
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [1, 3, 5, 7, 9])
        #expect(calls.count == 0)
        #expect(loader.filterStatuses.map(\.name) == ["Idle", "Odd"])
        #expect(loader.removedCount(named: "Idle") == 0)
        // Replaced by a filter with something to hide, it is asked about every item again.
        loader.setFilter(PredicateFilter("Idle") { $0.id != 3 }, isEnabled: true)
        #expect(loader.items.map(\.id) == [1, 5, 7, 9])
        #expect(loader.removedCount(named: "Idle") == 1)
    }

    @Test("switching a filter re-applies it to loaded items without fetching")
    func toggleWithoutRefetch() async {
        var all = posts(1...6)
        all[0].isRead = true
        all[2].isRead = true
        let source = CountingSource(all, pageSize: 10)
        let loader = FeedLoader(fetcher: source.fetcher, filters: [PredicateFilter("Read") { !$0.isRead }])
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [2, 4, 5, 6])

        loader.setFilterEnabled(false, named: "Read")
        #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(loader.removedCount(named: "Read") == 0)
        #expect(loader.filterStatuses == [FilterStatus(name: "Read", isEnabled: false, removedCount: 0)])

        loader.setFilterEnabled(true, named: "Read")
        #expect(loader.items.map(\.id) == [2, 4, 5, 6])
        #expect(loader.removedCount(named: "Read") == 2)

        loader.setFilter(KeywordFilter("Keywords", keywords: ["5"]) { [$0.title] })
        #expect(loader.items.map(\.id) == [2, 4, 6])
        loader.setFilter(KeywordFilter("Keywords", keywords: ["6"]) { [$0.title] })
        #expect(loader.items.map(\.id) == [2, 4, 5])
        loader.removeFilter(named: "Keywords")
        #expect(loader.items.map(\.id) == [2, 4, 5, 6])
        #expect(source.fetchedPages == [1])
    }

    @Test("a load keeps fetching until enough items survive the filters")
    func minimumItems() async {
        // Every other post read: 5 visible per page of 10.
        let all = posts(1...100).map {
            var post = $0
            post.isRead = post.id.isMultiple(of: 2)
            return post
        }
        let source = CountingSource(all, pageSize: 10)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 12, maximumPagesPerLoad: 10),
            filters: [PredicateFilter("Read") { !$0.isRead }]
        )
        await loader.loadMore()
        #expect(source.fetchedPages == [1, 2, 3])
        #expect(loader.items.count == 15)
        #expect(loader.loadingState == .idle)
    }

    @Test("a load stops at the page bound when almost everything is filtered out")
    func pageBound() async {
        // 90% read.
        let all = posts(1...1000).map {
            var post = $0
            post.isRead = !post.id.isMultiple(of: 10)
            return post
        }
        let source = CountingSource(all, pageSize: 20)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 20, maximumPagesPerLoad: 4),
            filters: [PredicateFilter("Read") { !$0.isRead }]
        )
        await loader.loadMore()
        #expect(source.fetchedPages == [1, 2, 3, 4])
        #expect(loader.items.count == 8)
        #expect(loader.loadingState == .idle)
        await loader.loadMore()
        #expect(source.fetchedPages == Array(1...8))
    }

    @Test("a load stops at the end of the feed even short of the minimum")
    func stopsAtEnd() async {
        let all = posts(1...15).map {
            var post = $0
            post.isRead = post.id > 2
            return post
        }
        let source = CountingSource(all, pageSize: 10)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 50, maximumPagesPerLoad: 10),
            filters: [PredicateFilter("Read") { !$0.isRead }]
        )
        await loader.loadMore()
        #expect(source.fetchedPages == [1, 2])
        #expect(loader.items.map(\.id) == [1, 2])
        #expect(loader.loadingState == .done)
    }

    @Test("every loaded item keeps its place among the unfiltered items, whatever hid it, across pages, toggles and prepends")
    func unfilteredOrder() async {
        // Hidden items first and last on a page, two in a row across a page boundary, an id
        // repeated in a later page, and a whole page hidden.
        var all = posts(1...12)
        for index in [0, 3, 4, 8, 9, 10, 11] { all[index].isRead = true }
        all[6].id = 2
        let loader = FeedLoader(
            fetcher: CountingSource(all, pageSize: 4).fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 100, maximumPagesPerLoad: 10),
            filters: [PredicateFilter("Read") { !$0.isRead }]
        )
        await loader.loadMore()
        let fetched = all.map(\.title)
        #expect(loader.items.map(\.title) == ["post 2", "post 3", "post 6", "post 8"])
        #expect(loader.unfilteredItems.map(\.title) == fetched)
        #expect(loader.unfilteredCount == 12)

        loader.setFilterEnabled(false, named: "Read")
        // The repeated id stays hidden: it is not a filter's doing.
        #expect(loader.items.map(\.title) == fetched.filter { $0 != "post 7" })
        #expect(loader.unfilteredItems.map(\.title) == fetched)

        loader.setFilterEnabled(true, named: "Read")
        var mine = all[9]
        mine.title = "mine"
        loader.prepend(mine)
        #expect(loader.items.map(\.title) == ["mine", "post 2", "post 3", "post 6", "post 8"])
        #expect(loader.unfilteredItems.map(\.title) == ["mine"] + fetched.filter { $0 != "post 10" })
        #expect(loader.unfilteredCount == 12)
    }

    @Test("visible items never repeat an id, even without a duplicate filter")
    func uniqueIDs() async {
        let all = [Post(id: 1), Post(id: 2), Post(id: 1), Post(id: 3)]
        let loader = FeedLoader(fetcher: CountingSource(all, pageSize: 10).fetcher)
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [1, 2, 3])
    }
}

/// A key whose every value hashes alike, as colliding ActivityPub ids would.
private struct CollidingKey: Hashable, Sendable {
    let text: String
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// Counts calls from a filter's predicates (the loader calls them on its actor).
private final class CallCounter: @unchecked Sendable {
    var count = 0
}

/// A filter that says it keeps everything, and counts the calls of its predicate.
private struct KeepingEverything: FeedFilter {
    let name: String
    let calls: CallCounter
    var keepsEverything: Bool { true }

    func makePredicate() -> (Post) -> Bool {
        { [calls] _ in
            calls.count += 1
            return true
        }
    }
}
