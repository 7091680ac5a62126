public import Foundation

/// A content model: an observable class that belongs to one ``ApiClient``.
@MainActor public protocol ContentModel: AnyObject {
    /// The client the model was fetched through; its mutations go through it too.
    var api: ApiClient { get }
}

/// A content model with a Lemmy id and an ActivityPub id.
@MainActor public protocol ContentIdentifiable: ContentModel {
    /// The id on the client's instance.
    var id: Int { get }
    /// The ActivityPub id, unique across instances.
    var actorId: URL { get }
}

/// A post or comment at any tier: something a person wrote that can later be voted on and saved.
@MainActor public protocol Interactable1Providing: ContentIdentifiable {
    /// The author's id.
    var creatorId: Int { get }
    /// When it was published.
    var created: Date { get }
    /// When it was last edited.
    var updated: Date? { get }
    /// Whether the author deleted it.
    var deleted: Bool { get }
    /// Whether a moderator or admin removed it.
    var removed: Bool { get }
}

/// A tier-2 post or comment: it carries votes and saved state, and can be voted on and saved.
@MainActor public protocol Interactable2Providing: Interactable1Providing {
    /// Score and the signed-in account's vote.
    var votes: VotesModel { get }
    /// Whether the signed-in account saved it.
    var saved: Bool { get }
    /// The author.
    var creator: Person1 { get }
    /// The community it was posted in.
    var community: Community1 { get }
    /// Upvotes, or removes the account's upvote. Optimistic; see ``MutationResult``.
    @discardableResult func toggleUpvote() async -> MutationResult
    /// Downvotes, or removes the account's downvote. Optimistic; see ``MutationResult``.
    @discardableResult func toggleDownvote() async -> MutationResult
    /// Saves, or unsaves. Optimistic; see ``MutationResult``.
    @discardableResult func toggleSave() async -> MutationResult
}
