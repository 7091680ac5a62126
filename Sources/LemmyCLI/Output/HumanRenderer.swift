import Foundation
import LemmyMiddleware

/// Text output for people: fitted to ``width`` and coloured through ``style``.
@MainActor
public struct HumanRenderer {
    /// The column budget.
    public var width: Int
    /// Colour, or plain text.
    public var style: Style

    /// A renderer for this terminal (``TerminalWidth`` and ``ColorPolicy``).
    public static func forTerminal() -> HumanRenderer {
        HumanRenderer(width: TerminalWidth.current(), style: Style(enabled: ColorPolicy.current()))
    }

    /// Creates a renderer.
    public init(width: Int, style: Style) {
        self.width = width
        self.style = style
    }

    /// The most characters a server's name (a user, a community, a display name) takes on a line.
    /// Lemmy's own names are far shorter; a longer one is padding meant to push the rest of the
    /// line off the screen.
    nonisolated static let nameLimit = 50

    /// A server's name on one line: its line breaks joined (a name has none, so they could only
    /// forge a line of this tool's output) and cut to ``nameLimit``.
    nonisolated static func name(_ name: String) -> String {
        TextFitting.truncate(name, to: nameLimit)
    }

    /// `12 pts`, marked `▲`/`▼` in the account's vote colour when it voted.
    func score(_ votes: VotesModel) -> String {
        let text = Self.plainScore(votes)
        switch votes.myVote {
        case .upvote: return style.green(text)
        case .downvote: return style.red(text)
        case .none: return text
        }
    }

    /// The score without colour, whose length is the columns it takes.
    static func plainScore(_ votes: VotesModel) -> String {
        let mark =
            switch votes.myVote {
            case .upvote: "▲"
            case .downvote: "▼"
            case .none: ""
            }
        return "\(mark)\(votes.total) \(votes.total.magnitude == 1 ? "pt" : "pts")"
    }

    /// Two lines per post: `[id] score title`, then community, author, comments and age.
    func postLines(_ post: some Post2Providing) -> [String] {
        let head = "#\(post.id)  "
        let scoreText = "\(score(post.votes))  "
        let visibleScoreCount = Self.plainScore(post.votes).count + 2
        let title = TextFitting.truncate(post.title, to: width - head.count - visibleScoreCount)
        let meta =
            "c/\(post.community.name) · u/\(post.creator.name) · \(post.commentCount) comments · \(Self.age(post.created))"
            + (post.saved ? " · saved" : "") + post.tags.map { " · [\($0.displayName)]" }.joined()
        return [
            style.dim(head) + scoreText + style.bold(title),
            String(repeating: " ", count: head.count) + style.dim(TextFitting.truncate(meta, to: width - head.count)),
        ]
    }

    /// The post header and body wrapped to the width.
    func postDetail(_ post: some Post2Providing) -> [String] {
        var lines = postLines(post)
        if let link = post.linkURL { lines.append("  " + TextFitting.truncate(link.absoluteString, to: width - 2)) }
        if let body = post.content, !body.isEmpty {
            lines.append("")
            lines += TextFitting.wrap(body, width: width, indent: "  ")
        }
        return lines
    }

    /// A comment indented by depth, its header then its wrapped text.
    func commentLines(_ comment: some Comment2Providing, depth: Int) -> [String] {
        let indent = String(repeating: "  ", count: min(depth, max((width - 30) / 2, 0)))
        let header =
            indent + style.cyan("u/" + Self.name(comment.creator.name)) + " " + score(comment.votes) + " "
            + style.dim("#\(comment.id) · \(Self.age(comment.created))" + (comment.locked ? " · locked" : ""))
        if comment.removed || comment.deleted {
            return [header, indent + "  " + style.dim(comment.removed ? "[removed by a moderator]" : "[deleted by its author]")]
        }
        return [header] + TextFitting.wrap(comment.content, width: width, indent: indent + "  ")
    }

    /// A community's card.
    func communityLines(_ community: some Community2Providing, moderators: [Person1]) -> [String] {
        let name = Self.name(community.name)
        var lines = [
            style.bold("c/\(name)") + " " + TextFitting.truncate(community.displayName, to: width - name.count - 3),
            style.dim(
                "id \(community.id) · \(community.subscriberCount) subscribers · \(community.postCount) posts · "
                    + OutputMapping.subscription(community.subscription) + (community.blocked ? " · blocked" : "")),
        ]
        if !moderators.isEmpty {
            lines.append(TextFitting.truncate("moderators: " + moderators.map { "u/\($0.name)" }.joined(separator: ", "), to: width))
        }
        if !community.tags.isEmpty {
            let tags = community.tags.map { $0.displayName + ($0.isDeleted ? " (deleted)" : "") }
            lines.append(TextFitting.truncate("tags: " + tags.joined(separator: ", "), to: width))
        }
        if let description = community.description, !description.isEmpty {
            lines.append("")
            lines += TextFitting.wrap(description, width: width)
        }
        return lines
    }

    /// A vote tally in words: "3 up, 1 down", or what Lemmy does not count.
    static func tally(_ votes: PersonVoteTally) -> String {
        guard let up = votes.upvotes, let down = votes.downvotes else { return "not counted by the server" }
        return "\(up) up, \(down) down"
    }

    /// A person's card.
    func personLines(_ person: some Person2Providing) -> [String] {
        var lines = [
            style.bold("u/" + Self.name(person.name)) + (person.displayName != person.name ? " (\(Self.name(person.displayName)))" : ""),
            style.dim(
                "id \(person.id) · \(person.postCount) posts · \(person.commentCount) comments · joined \(Self.age(person.created))"
                    + (person.isAdmin ? " · admin" : "") + (person.isBanned ? " · banned" : "") + (person.blocked ? " · blocked" : "")),
        ]
        if let note = person.note { lines += TextFitting.wrap("your note: " + note, width: width) }
        if person.votes != .none {
            lines.append("your votes on their posts and comments: " + Self.tally(person.votes))
        }
        if let bio = person.bio, !bio.isEmpty {
            lines.append("")
            lines += TextFitting.wrap(bio, width: width)
        }
        return lines
    }

    /// Prints lines to standard output.
    public func emit(_ lines: [String]) {
        for line in lines { Console.out(line) }
    }

    /// `3h`, `2d`: how long ago, short enough for a meta line.
    static func age(_ date: Date, now: Date = Date()) -> String {
        // Dates come from servers: a far-off one must not trap the conversion to Int.
        let interval = now.timeIntervalSince(date)
        let seconds = interval.isFinite ? Int(min(max(interval, 0), 1e15)) : 0
        switch seconds {
        case ..<60: return "\(seconds)s ago"
        case ..<3_600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3_600)h ago"
        case ..<(86_400 * 365): return "\(seconds / 86_400)d ago"
        default: return "\(seconds / (86_400 * 365))y ago"
        }
    }
}
