import ArgumentParser
import LemmyMiddleware

/// `lemmy notify`: what the account hears of a community's or a post's new content (Lemmy 1.0's
/// notification settings); without a mode, the current one.
struct NotifyCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract:
            "Show or set what you hear of a community's posts and comments, or of a post's comments (Lemmy 1.0; needs `lemmy login`).",
        discussion: """
            Modes: all-posts-and-comments and all-posts (communities), all-comments (posts), \
            replies-and-mentions (Lemmy's default), mute (not even replies and mentions). \
            What they bring shows in `lemmy inbox` as notices.
            """)

    /// A notification mode as typed.
    enum Mode: String, ExpressibleByArgument, CaseIterable, Sendable {
        case allPostsAndComments = "all-posts-and-comments"
        case allPosts = "all-posts"
        case allComments = "all-comments"
        case repliesAndMentions = "replies-and-mentions"
        case mute
    }

    @OptionGroup var client: ClientOptions

    @Option(name: .long, help: "The community's name.")
    var community: String?

    @Option(name: .long, help: "The post's id.")
    var post: Int?

    @Argument(help: "The mode to set; none shows the current one.")
    var mode: Mode?

    func validate() throws {
        guard (community == nil) != (post == nil) else { throw ValidationError("give --community NAME or --post ID") }
        if community != nil, mode == .allComments {
            throw ValidationError("all-comments is a post's mode; a community's is all-posts-and-comments")
        }
        if post != nil, mode == .allPosts || mode == .allPostsAndComments {
            throw ValidationError("\(mode?.rawValue ?? "") is a community's mode; a post's is all-comments")
        }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("changing notification settings")
        if let community {
            let model = try await session.run("loading c/\(community)") { try await session.client.getCommunity(name: community) }
            if let mode {
                try await model.setNotificationMode(Self.communityMode(mode))
                    .orThrow(action: "setting notifications of c/\(community)", instance: session.instance)
            }
            Console.out("c/\(community): \(Self.describe(model.notificationMode)).")
        } else if let post {
            let model = try await session.run("loading post \(post)") { try await session.client.getPost(id: post) }
            if let mode {
                try await model.setNotificationMode(Self.postMode(mode))
                    .orThrow(action: "setting notifications of post \(post)", instance: session.instance)
            }
            Console.out("Post \(post): \(Self.describe(model.notificationMode)).")
        }
    }

    static func communityMode(_ mode: Mode) -> CommunityNotificationMode {
        switch mode {
        case .allPostsAndComments, .allComments: .allPostsAndComments
        case .allPosts: .allPosts
        case .repliesAndMentions: .repliesAndMentions
        case .mute: .mute
        }
    }

    static func postMode(_ mode: Mode) -> PostNotificationMode {
        switch mode {
        case .allComments, .allPosts, .allPostsAndComments: .allComments
        case .repliesAndMentions: .repliesAndMentions
        case .mute: .mute
        }
    }

    static func describe(_ mode: CommunityNotificationMode) -> String {
        switch mode {
        case .allPostsAndComments: "every new post and comment"
        case .allPosts: "every new post, and replies and mentions"
        case .repliesAndMentions: "replies and mentions"
        case .mute: "muted, not even replies and mentions"
        case .other(let text): "“\(text)”, a mode this client does not know"
        }
    }

    static func describe(_ mode: PostNotificationMode) -> String {
        switch mode {
        case .allComments: "every new comment"
        case .repliesAndMentions: "replies and mentions"
        case .mute: "muted, not even replies and mentions"
        case .other(let text): "“\(text)”, a mode this client does not know"
        }
    }
}
