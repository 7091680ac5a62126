public import ArgumentParser
public import LemmyMiddleware

/// Which feed `lemmy feed` lists.
enum Listing: String, ExpressibleByArgument, CaseIterable, Sendable {
    case all, local, subscribed
    case moderatorView = "moderator-view"
    case suggested
}

extension PostSortType: ExpressibleByArgument {
    /// `hot`, `top-week`, `new-comments`, ... (see ``PostSortType/name``).
    public init?(argument: String) { self.init(name: argument) }
    /// Every sort's name, for help and completion.
    public static var allValueStrings: [String] { allCases.map(\.name) }
    /// The name, as the default value shows in help.
    public var defaultValueDescription: String { name }
}

/// `lemmy feed`: a listing of posts, page by page.
struct FeedCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "List posts: all, local or subscribed, or one community's.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Which posts to list.")
    var listing: Listing = .all

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The order; top-* sorts take a window (top-day, top-week, top-all, ...). Servers lack some: 0.18 has no controversial or scaled.",
            valueName: "sort"))
    var sort: PostSortType = .hot

    @Option(name: [.short, .long], help: ArgumentHelp("Only this community's posts (overrides the listing).", valueName: "name"))
    var community: String?

    @Option(name: .long, help: ArgumentHelp("Only a multi-community's posts (Lemmy 1.0; overrides the listing).", valueName: "name"))
    var multi: String?

    @Option(name: .long, help: "Posts per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    @Option(name: .long, help: "The first page to show (1 is the front page).")
    var page = 1

    @Option(name: .long, help: "How many pages to show.")
    var pages = 1

    func validate() throws {
        // Bounded so that `page + pages - 1` cannot overflow (and pages before --page are fetched).
        guard (1...10_000).contains(page) else { throw ValidationError("--page must be between 1 and 10000") }
        guard (1...100).contains(pages) else { throw ValidationError("--pages must be between 1 and 100") }
        if community != nil && multi != nil { throw ValidationError("give --community or --multi, not both") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let feed: FeedType
        if let community {
            let found = try await session.run("finding c/\(community)") { try await session.client.getCommunity(name: community) }
            feed = .community(id: found.id)
        } else if let multi {
            feed = .multiCommunity(id: try await MultiCommand.load(multi, session).id)
        } else {
            switch listing {
            case .all: feed = .all
            case .local: feed = .local
            case .subscribed:
                try session.requireLogin("listing subscribed posts")
                feed = .subscribed
            case .moderatorView:
                try session.requireLogin("listing the communities you moderate")
                feed = .moderatorView
            case .suggested: feed = .suggested
            }
        }
        // Pages before --page are fetched and dropped: 0.19 pages by opaque cursor, so there is no
        // way to jump straight to page N.
        var cursor: PageCursor?
        var posts: [Post2] = []
        var seen = Set<Int>()
        var hasMore = true
        let last = page + pages - 1
        // One page is quick; a progress line only helps when several are fetched.
        let progress = ProgressLine(enabled: last > 1 && Console.isTerminal(2))
        for number in 1...last {
            progress.update("fetching page \(number) of \(last)…")
            let result = try await session.run("loading page \(number) of the feed") {
                try await session.client.getPosts(feed: feed, sort: sort, limit: limit, cursor: cursor)
            }
            // A post can come back on the next page when its rank moved between requests (hot
            // and active ranks decay with time); one listing shows each post once.
            let fresh = result.items.filter { seen.insert($0.id).inserted }
            if number >= page { posts += fresh }
            cursor = result.next
            if cursor == nil || result.items.isEmpty {
                hasMore = false
                break
            }
        }
        progress.finish()
        if output.json {
            try JSONOutput.print(
                FeedOutput(
                    instance: session.instance,
                    listing: community != nil ? "community" : multi != nil ? "multi-community" : listing.rawValue,
                    sort: sort.name, posts: posts.map(OutputMapping.post), hasMore: hasMore))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        if posts.isEmpty {
            Console.out("No posts.")
            return
        }
        for post in posts { renderer.emit(renderer.postLines(post)) }
        if hasMore { Console.out(renderer.style.dim("more: lemmy feed --page \(last + 1)" + (pages > 1 ? " --pages \(pages)" : ""))) }
    }
}
