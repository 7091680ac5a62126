import ArgumentParser
import LemmyAPI
import LemmyMiddleware
import FoundationEssentials

/// What `lemmy delete` deletes.
enum DeleteTarget: String, ExpressibleByArgument, CaseIterable, Sendable {
    case post, comment, message
}

/// `lemmy delete post|comment|message ID`: deletes (or with --restore restores) the account's own content.
struct DeleteCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete your post, comment or private message; --restore undoes it.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "What to delete: post, comment or message.")
    var kind: DeleteTarget

    @Argument(help: "Its id.")
    var id: Int

    @Flag(name: .long, help: "Restore instead of delete.")
    var restore = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let verb = restore ? "restoring" : "deleting"
        try session.requireLogin(verb)
        let api = session.client
        let action = "\(verb) \(kind.rawValue) \(id)"
        let result: MutationResult
        switch kind {
        case .post where restore:
            // By id: 0.18 does not show its author a deleted post, so it cannot be read first.
            result = await restorePost(session)
        case .post:
            let model = try await session.run("loading post \(id)") { try await api.getPost(id: id) }
            result = await model.delete()
        case .comment:
            let model = try await session.run("loading comment \(id)") { try await api.getComment(id: id) }
            result = await model.delete(!restore)
        case .message:
            _ = try await session.run(action) { try await api.deleteMessage(id: id, deleted: !restore) }
            result = .confirmed
        }
        try result.orThrow(action: action, instance: session.instance)
        let done = restore ? "Restored" : "Deleted"
        Console.out(
            result == .unchanged
                ? "\(kind.rawValue.capitalized) \(id) was already \(restore ? "restored" : "deleted")."
                : "\(done) \(kind.rawValue) \(id).")
    }

    /// Restores post ``id``: confirmed, unchanged when Lemmy refuses because it is not deleted (a
    /// read then shows it as such), or failed.
    @MainActor
    private func restorePost(_ session: Session) async -> MutationResult {
        do throws(ApiClientError) {
            _ = try await session.client.deletePost(id: id, deleted: false)
            return .confirmed
        } catch  where error.lemmyCode == .couldntUpdatePost || error.lemmyCode == .couldntUpdate {
            guard let post = try? await session.client.getPost(id: id), !post.deleted else { return .failed(error) }
            return .unchanged
        } catch {
            return .failed(error)
        }
    }
}
