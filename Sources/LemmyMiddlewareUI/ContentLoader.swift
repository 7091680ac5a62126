#if canImport(SwiftUI)
import LemmyMiddleware
import SwiftUI

/// A model wrapper that can upgrade its model to the top tier: ``LemmyMiddleware/AnyPost``,
/// ``LemmyMiddleware/AnyPerson``, ``LemmyMiddleware/AnyCommunity`` and ``LemmyMiddleware/AnyComment``.
@MainActor
public protocol UpgradableContent: AnyObject, Sendable {
    /// The model's protocol type (`any Post`, ...).
    associatedtype Value
    /// The model at whatever tier it has reached; observable.
    var wrappedValue: Value { get }
    /// Upgrades to the top tier.
    func upgrade() async throws(ApiClientError)
}

extension AnyPost: UpgradableContent {}
extension AnyPerson: UpgradableContent {}
extension AnyCommunity: UpgradableContent {}
extension AnyComment: UpgradableContent {}

/// Shows a model at once at the tier it has, and upgrades it to the top tier when the view
/// appears (the upgrade is cancelled if the view disappears first). The wrappers are
/// `@Observable`, so the content is redrawn with the upgraded model.
///
/// <!-- sample: none, SwiftUI: compiled on Apple platforms only -->
/// ```swift
/// ContentLoader(AnyPost(post2)) { post, error in
///     PostView(post: post)       // `post` is a Post3 once upgraded
///     if let error { Text(error.description) }
/// }
/// ```
public struct ContentLoader<Model: UpgradableContent, Content: View>: View {
    private let model: Model
    private let content: @MainActor (Model.Value, ApiClientError?) -> Content
    @State private var failure: ApiClientError?

    /// A view of `model`'s current tier, given the last upgrade failure (nil when none).
    public init(_ model: Model, @ViewBuilder content: @escaping @MainActor (Model.Value, ApiClientError?) -> Content) {
        self.model = model
        self.content = content
    }

    /// A view of `model`'s current tier; an upgrade failure leaves the model as it was.
    public init(_ model: Model, @ViewBuilder content: @escaping @MainActor (Model.Value) -> Content) {
        self.init(model) { value, _ in content(value) }
    }

    /// The content, upgrading the model on appearance.
    public var body: some View {
        content(model.wrappedValue, failure)
            .task(id: ObjectIdentifier(model)) {
                do {
                    try await model.upgrade()
                    failure = nil
                } catch {
                    // A view that went away cancels its upgrade; that is not a failure to show.
                    if !Task.isCancelled { failure = error }
                }
            }
    }
}
#endif
