/// Display rules applied to live sources: what to show now, and "try again".
///
/// Reading ``display`` reads the sources' states, so an observation-tracking context (a SwiftUI
/// body) updates when they change.
@MainActor
public struct DisplayModel {
    private let sources: [any Loadable]
    /// The rules.
    public let rules: DisplayRules

    /// A model over `sources` with `rules`.
    public init(_ sources: [any Loadable], rules: DisplayRules = .standard) {
        self.sources = sources
        self.rules = rules
    }

    /// The statuses of the sources, in order.
    public var statuses: [LoadableStatus] { sources.map(\.loadableStatus) }

    /// What to show.
    public var display: Display { rules.decide(statuses) }

    /// Whether every source has content (a view with non-optional content needs all).
    public var hasAllContent: Bool { statuses.allSatisfy(\.hasContent) }

    /// Loads every source that needs it.
    public func loadIfNeeded() {
        for source in sources { source.loadIfNeeded() }
    }

    /// Reloads the sources that failed and can reload.
    public func tryAgain() {
        for source in sources where source.loadableStatus.latestError != nil && source.canReload { source.reload() }
    }
}
