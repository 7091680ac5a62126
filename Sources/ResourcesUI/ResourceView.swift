#if canImport(SwiftUI)
import Resources
import SwiftUI

/// Shows a loadable's content, progress or error as its ``DisplayRules`` decide, loading it
/// when it appears. All decisions are made by the tested ``DisplayModel``; this view only maps
/// them to views.
///
/// <!-- sample: none, SwiftUI: compiled on Apple platforms only -->
/// ```swift
/// ResourceView(api.user(id: 42), displayRules: [.loading, .error, .anyData]) { (user: User) in
///     Text(user.name)
/// }
/// ```
public struct ResourceView<Source: Loadable, Content: View>: View {
    private let source: Source
    private let rules: DisplayRules
    private let content: (Source.Content) -> Content
    @Environment(\.resourceViewStyle) private var style

    /// A view over `source` that shows `content` once there is some.
    public init(_ source: Source, displayRules: DisplayRules = .standard, @ViewBuilder content: @escaping (Source.Content) -> Content) {
        self.source = source
        self.rules = displayRules
        self.content = content
    }

    /// The view for the current decision.
    public var body: some View {
        let model = DisplayModel([source], rules: rules)
        Group {
            switch model.display {
            case .progress: style.loadingView()
            case .error(let message, let canTryAgain): style.errorView(message: message, canTryAgain: canTryAgain, tryAgain: model.tryAgain)
            case .content: if let value = source.state.content { content(value) }
            case .nothing: EmptyView()
            }
        }
        .onAppear { model.loadIfNeeded() }
    }
}
#endif
