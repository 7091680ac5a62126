import ArgumentParser
import LemmyMiddleware

/// `lemmy inbox`: replies, private messages and (Lemmy 1.0) notices of the signed-in account:
/// new posts and comments its notification settings ask for, mentions in posts, and what
/// moderators and admins did to it or its content.
struct InboxCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Show replies, private messages and Lemmy 1.0's notices (needs `lemmy login`).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Only unread items.")
    var unread = false

    @Flag(name: .long, help: "Mark every reply, mention and private message received read first.")
    var markAllRead = false

    @Option(name: .long, help: "Items per kind (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("reading the inbox")
        let api = session.client
        if markAllRead {
            try await api.markInboxRead().orThrow(action: "marking the inbox read", instance: session.instance)
        }
        try await session.run("loading unread counts") { try await api.refreshUnreadCounts() }
        let replies = try await session.run("loading replies") { try await api.getReplies(unreadOnly: unread, limit: limit) }
        let messages: [Message1]? = try await session.run("loading private messages") {
            try await api.getMessages(unreadOnly: unread, limit: limit)
        }
        let notices = try await session.run("loading notices") { try await Self.notices(api, unread: unread, limit: limit) }
        let counts = api.account?.unread ?? UnreadCounts()
        if output.json {
            let replyOutputs = replies.map { InboxOutput.Reply(id: $0.id, read: $0.read, comment: OutputMapping.comment($0.comment)) }
            let messageOutputs = messages?.map {
                InboxOutput.Message(
                    id: $0.id, from: $0.creator.name, to: $0.recipient.name, content: $0.content,
                    read: $0.read, published: $0.created)
            }
            let noticeOutputs = notices?.map {
                InboxOutput.Notice(
                    id: $0.id, reason: OutputMapping.noticeReason($0.reason), read: $0.read,
                    post: $0.post.map { OutputMapping.post($0) }, comment: $0.comment.map { OutputMapping.comment($0) },
                    moderatorAction: $0.moderatorAction.map { OutputMapping.moderatorAction($0) })
            }
            try JSONOutput.print(
                InboxOutput(
                    unreadReplies: counts.replies, unreadMentions: counts.mentions,
                    unreadMessages: counts.messages, replies: replyOutputs, messages: messageOutputs, notices: noticeOutputs))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        Console.out(renderer.style.bold("Inbox") + renderer.style.dim(" · \(counts.total) unread"))
        Console.out(renderer.style.bold("Replies") + renderer.style.dim(" (\(replies.count))"))
        for reply in replies {
            let marker = reply.read ? "  " : renderer.style.yellow("• ")
            Console.out(marker + TextFitting.truncate("on “\(reply.comment.post.title)”", to: renderer.width - 2))
            renderer.emit(renderer.commentLines(reply.comment, depth: 1))
        }
        if let messages {
            Console.out(renderer.style.bold("Messages") + renderer.style.dim(" (\(messages.count))"))
            for message in messages {
                let marker = message.read ? "  " : renderer.style.yellow("• ")
                Console.out(
                    marker + renderer.style.cyan("u/" + HumanRenderer.name(message.creator.name))
                        + " → u/" + HumanRenderer.name(message.recipient.name))
                renderer.emit(TextFitting.wrap(message.content, width: renderer.width, indent: "    "))
            }
        }
        if let notices {
            Console.out(renderer.style.bold("Notices") + renderer.style.dim(" (\(notices.count))"))
            for notice in notices {
                let marker = notice.read ? "  " : renderer.style.yellow("• ")
                if let action = notice.moderatorAction {
                    let line = ModeratorActionText.actor(action) + " " + ModeratorActionText.phrase(action)
                    Console.out(marker + TextFitting.truncate(line, to: renderer.width - 2))
                    if let reason = action.reason, !reason.isEmpty {
                        renderer.emit(TextFitting.wrap("reason: " + reason, width: renderer.width, indent: "    "))
                    }
                } else if let comment = notice.comment {
                    Console.out(marker + TextFitting.truncate("new comment on “\(comment.post.title)”", to: renderer.width - 2))
                    renderer.emit(renderer.commentLines(comment, depth: 1))
                } else if let post = notice.post {
                    let why = notice.reason == .mention ? "mentions you" : "new post in c/\(post.community.name)"
                    Console.out(marker + TextFitting.truncate("“\(post.title)” · \(why)", to: renderer.width - 2))
                }
            }
        }
    }

    /// The notices of the first page of notifications; nil before Lemmy 1.0, which has none.
    @MainActor
    private static func notices(_ api: ApiClient, unread: Bool, limit: Int) async throws(ApiClientError) -> [Notice1]? {
        let page: ContentPage<InboxItem>
        do {
            page = try await api.getNotifications(unreadOnly: unread, limit: limit, cursor: nil)
        } catch {
            if error.kind == .unsupported { return nil }
            throw error
        }
        return page.items.compactMap { item in
            if case .notice(let notice) = item { notice } else { nil }
        }
    }
}
