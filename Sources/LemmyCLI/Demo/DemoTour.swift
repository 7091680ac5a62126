import Foundation
import LemmyMiddleware
import LemmyTestServer

/// The `lemmy demo` tour: what an app does with LemmyMiddleware, narrated, against a seeded
/// in-process server. Every step uses only the middleware's public API, as an app would.
@MainActor
struct DemoTour {
    let server: LemmyTestServer
    let renderer: HumanRenderer
    private var step = 0

    init(server: LemmyTestServer, renderer: HumanRenderer) {
        self.server = server
        self.renderer = renderer
    }

    var instance: String { server.baseURL.absoluteString }

    mutating func run() async throws(CLIFailure) {
        let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
        let site = try await attempt("reading the site") { try await guest.getSite() }
        heading("The instance")
        say("\(site.name): Lemmy \(site.version), \(site.userCount) users, \(site.communityCount) communities, \(site.postCount) posts")

        heading("The front page (guest, sorted hot)")
        let front = try await attempt("loading the front page") { try await guest.getPosts(feed: .all, sort: .hot, limit: 5) }
        for post in front.items { renderer.emit(renderer.postLines(post)) }

        heading("A post with its comment tree")
        let busiest = try await attempt("finding a discussed post") { try await guest.getPosts(sort: .mostComments, limit: 1) }
        guard let discussed = busiest.items.first else { throw CLIFailure("the demo server has no posts", status: .software) }
        let detail = try await attempt("loading post \(discussed.id)") { try await guest.getPost(id: discussed.id) }
        let comments = try await attempt("loading comments") { try await guest.getComments(postId: detail.id, sort: .top, limit: 50) }
        renderer.emit(renderer.postLines(detail))
        let tree = CommentTree.ordered(comments.items, maxDepth: 2).prefix(8)
        for (comment, depth) in tree { renderer.emit(renderer.commentLines(comment, depth: depth + 1).prefix(3).map { $0 }) }
        say(renderer.style.dim("(\(tree.count) of \(detail.commentCount) comments, to depth 2; `lemmy post \(detail.id)` shows more)"))

        heading("Logging in")
        let alice = try await attempt("logging in as alice") {
            try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
        }
        let account = try await attempt("loading alice's account") { try await alice.loadAccount() }
        say(
            "Logged in as u/\(account.person?.name ?? "alice"): subscribed to \(account.subscribedCommunityIds.count) communities, \(account.unread.total) unread"
        )

        try await sharedObject(alice)
        try await inbox(alice)
        try await sharedLink(alice)
        try await customEmojis(guest: guest)
        try await faults(guest: guest, alice: alice)

        heading("Done")
        say("Try it against this seeded server: lemmy serve, then lemmy feed --instance http://127.0.0.1:8536")
        say("Or a real instance: lemmy feed --instance https://lemmy.ml")
    }

    /// One upvote, seen through two views: the feed's row and the post page hold the same object.
    private mutating func sharedObject(_ alice: ApiClient) async throws(CLIFailure) {
        heading("One live object per post: an upvote seen in the feed and in the post view")
        let feed = try await attempt("loading alice's feed") { try await alice.getPosts(sort: .new, limit: 5) }
        guard let row = feed.items.first(where: { $0.votes.myVote == .none }) ?? feed.items.first else { return }
        let page = try await attempt("opening post \(row.id)") { try await alice.getPost(id: row.id) }
        say("feed row and post view are the same Post2 object: feedRow === postView.post2 → \(row === page.post2)")
        say("before: feed row score \(renderer.score(row.votes)), post view score \(renderer.score(page.votes))")
        let result = await page.toggleUpvote()
        if case .failed(let error) = result { throw CLIFailure(error, action: "upvoting", instance: instance) }
        say("upvoted in the post view (\(result == .confirmed ? "confirmed by the server" : "unchanged"))")
        say("after:  feed row score \(renderer.score(row.votes)), post view score \(renderer.score(page.votes)) — no refetch, one object")
    }

    /// Bob replies to Alice; Alice's inbox shows it.
    private mutating func inbox(_ alice: ApiClient) async throws(CLIFailure) {
        heading("The inbox")
        let posts = try await attempt("loading a post to comment on") { try await alice.getPosts(sort: .new, limit: 1) }
        guard let post = posts.items.first else { return }
        let mine = try await attempt("commenting as alice") { try await post.reply("Has anyone tried LemmyKit's CLI?") }
        say("alice commented #\(mine.id) on “\(TextFitting.truncate(post.title, to: 40))”")
        let bob = try await attempt("logging in as bob") {
            try await ApiClient.login(to: server.baseURL, username: "bob", password: "password")
        }
        let theirs = try await attempt("loading alice's comment as bob") { try await bob.getComment(id: mine.id) }
        let answer = try await attempt("replying as bob") { try await theirs.reply("Yes: `swift run lemmy demo` is how I got here.") }
        say("bob replied #\(answer.id)")
        let replies = try await attempt("reading alice's inbox") { try await alice.getReplies(unreadOnly: true, limit: 5) }
        try await attempt("refreshing unread counts") { try await alice.refreshUnreadCounts() }
        say("alice has \(alice.account?.unread.replies ?? 0) unread replies; newest:")
        if let newest = replies.first { renderer.emit(renderer.commentLines(newest.comment, depth: 1)) }
    }

    /// A link's preview as the instance reads the page, then a post with the link, which the
    /// instance stores with the same preview.
    private mutating func sharedLink(_ alice: ApiClient) async throws(CLIFailure) {
        heading("Sharing a link: its preview, then the post")
        let link = URL(string: "https://video.example/watch/7")!
        let preview = try await attempt("reading the link's preview") { try await alice.linkPreview(for: link) }
        let title = TerminalText.sanitize(preview.title ?? link.absoluteString, keepLayout: false)
        say("preview of \(link.absoluteString): “\(title)”\(preview.embedVideoURL == nil ? "" : ", with a video player")")
        let post = try await attempt("posting the link") { try await alice.createPost(communityId: 1, title: title, url: link) }
        let embed = TerminalText.sanitize(post.embedTitle ?? "-", keepLayout: false)
        say(
            "posted #\(post.id); the instance stored the preview with it: “\(embed)”, thumbnail \(post.thumbnailURL == nil ? "none" : "set")"
        )
    }

    /// The admin adds a custom emoji; a guest's picker lists it, ready to show `:shortcode:` as
    /// the image.
    private mutating func customEmojis(guest: ApiClient) async throws(CLIFailure) {
        heading("Custom emojis: the admin adds one, every reader's picker lists it")
        let admin = try await attempt("logging in as admin") {
            try await ApiClient.login(to: server.baseURL, username: "admin", password: "password")
        }
        let image = URL(string: "https://\(server.baseURL.host ?? "lemmy.test")/pictrs/image/wave.png")!
        let made = try await attempt("adding an emoji") {
            try await admin.createCustomEmoji(
                shortcode: "Wave", imageURL: image, altText: "A waving hand", category: "Hands", keywords: ["hello", "Bye"])
        }
        say("added \(made.token) (the instance lowercased it) with keywords \(made.keywords.joined(separator: ", "))")
        let listed = try await attempt("listing the emojis") { try await guest.customEmojis() }
        for emoji in listed {
            say("  \(TerminalText.sanitize(emoji.token, keepLayout: false)) in \(TerminalText.sanitize(emoji.category, keepLayout: false))")
        }
    }

    /// A 503 retried by the chain, and a rate-limited vote rolled back and retried by the app.
    private mutating func faults(guest: ApiClient, alice: ApiClient) async throws(CLIFailure) {
        heading("Failures, injected and handled")
        server.faults.add(FaultRule(.status(code: 503, error: "internal_server_error"), route: "/post/list", count: 1))
        let page = try await attempt("loading the feed through a 503") { try await guest.getPosts(sort: .new, limit: 3) }
        say(
            "server answered 503 to /post/list \(server.faults.fireCounts.last ?? 0) time; the default chain's RetryLoader retried: \(page.items.count) posts loaded"
        )

        let feed = try await attempt("loading alice's feed") { try await alice.getPosts(sort: .top(.all), limit: 10) }
        guard let post = feed.items.first(where: { $0.votes.myVote == .none }) else { return }
        server.faults.add(FaultRule(.lemmyRateLimit, route: "/post/like", count: 1))
        let before = post.votes.total
        let first = await post.toggleUpvote()
        if case .failed(let error) = first {
            let failure = CLIFailure(error, action: "upvoting post \(post.id)", instance: instance)
            say(renderer.style.yellow("✗ ") + failure.message)
            say(
                "the optimistic upvote rolled back: score \(post.votes.total) (was \(before)); exit status would be \(failure.status.rawValue)"
            )
        }
        guard first.isFailure else { return }
        let retry = await post.toggleUpvote()
        if case .failed(let error) = retry { throw CLIFailure(error, action: "retrying the upvote", instance: instance) }
        say(renderer.style.green("✓ ") + "retried: \(renderer.score(post.votes)) (\(retry == .confirmed ? "confirmed" : "unchanged"))")
    }

    private mutating func heading(_ title: String) {
        step += 1
        Console.out("")
        Console.out(renderer.style.bold("\(step). \(title)"))
    }

    private func say(_ line: String) { Console.out(line) }

    private func attempt<T>(_ action: String, _ body: () async throws -> T) async throws(CLIFailure) -> T {
        do { return try await body() } catch { throw CLIFailure(any: error, action: "demo: \(action)", instance: instance) }
    }
}
