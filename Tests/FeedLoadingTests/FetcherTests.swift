import FeedLoading
import Testing

@Suite("Fetchers")
struct FetcherTests {
    @Test("page fetcher numbers pages from 1 and ends at a short page")
    func pageFetcherEndsAtShortPage() async throws {
        let source = CountingSource(Array(1...5), pageSize: 2)
        let actor = LoadingActor(fetcher: source.fetcher)
        #expect(await actor.load().items == [1, 2])
        #expect(await actor.load().items == [3, 4])
        let last = await actor.load()
        #expect(last.isDone)
        #expect(last.items == [5])
        #expect(source.fetchedPages == [1, 2, 3])
    }

    @Test("page fetcher ends at an empty page when the feed is a multiple of the page size")
    func pageFetcherEndsAtEmptyPage() async throws {
        let source = CountingSource(Array(1...4), pageSize: 2)
        let actor = LoadingActor(fetcher: source.fetcher)
        #expect(await actor.load().isSuccess)
        #expect(await actor.load().isSuccess)
        let last = await actor.load()
        #expect(last.isDone)
        #expect(last.items.isEmpty)
    }

    @Test("cursor fetcher starts with no cursor and ends when the cursor runs out")
    func cursorFetcherEndsWithoutCursor() async throws {
        let cursors = Log<String?>()
        let fetcher = CursorFetcher<Int, String, Void> { cursor in
            cursors.append(cursor)
            return switch cursor {
            case nil: FetchedPage(items: [1, 2], next: "b")
            case "b": FetchedPage(items: [3], next: nil)
            default: FetchedPage(items: [], next: nil)
            }
        }
        let actor = LoadingActor(fetcher: fetcher)
        #expect(await actor.load().items == [1, 2])
        let last = await actor.load()
        #expect(last.isDone)
        #expect(last.items == [3])
        #expect(cursors.all == [nil, "b"])
    }

    @Test("cursor fetcher ends when the server repeats the cursor it was given")
    func cursorFetcherEndsAtRepeatedCursor() async throws {
        let fetcher = CursorFetcher<Int, String, Void> { cursor in
            cursor == nil ? FetchedPage(items: [1], next: "same") : FetchedPage(items: [2], next: "same")
        }
        let actor = LoadingActor(fetcher: fetcher)
        #expect(await actor.load().isSuccess)
        let second = await actor.load()
        #expect(second.isDone)
        #expect(second.items == [2])
        #expect(await actor.load().items.isEmpty)
    }

    @Test("changed parameters take effect on the next reset, not mid-feed")
    func parametersApplyOnReset() async throws {
        let seen = Log<String>()
        let fetcher = PageFetcher<Int, String>(pageSize: 1, parameters: "cats") { page, query in
            seen.append("\(query)#\(page)")
            return [page]
        }
        let actor = LoadingActor(fetcher: fetcher)
        _ = await actor.load()
        fetcher.parameters = "dogs"
        _ = await actor.load()
        await actor.reset()
        _ = await actor.load()
        #expect(seen.all == ["cats#1", "cats#2", "dogs#1"])
    }

    @Test("map transforms items and keeps the paging")
    func mappedFetcher() async throws {
        let source = CountingSource(Array(1...3), pageSize: 2)
        let actor = LoadingActor(fetcher: source.fetcher.map { "#\($0)" })
        #expect(await actor.load().items == ["#1", "#2"])
        let last = await actor.load()
        #expect(last.isDone)
        #expect(last.items == ["#3"])
    }
}
