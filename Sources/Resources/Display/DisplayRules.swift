/// What display logic needs to know of one source.
public struct LoadableStatus: Sendable, Hashable {
    /// Whether the source has content.
    public var hasContent: Bool
    /// Whether the source is loading.
    public var isLoading: Bool
    /// The source's latest error.
    public var latestError: ResourceError?
    /// Whether the source can reload ("try again").
    public var canReload: Bool

    /// Creates a status.
    public init(hasContent: Bool = false, isLoading: Bool = false, latestError: ResourceError? = nil, canReload: Bool = true) {
        self.hasContent = hasContent
        self.isLoading = isLoading
        self.latestError = latestError
        self.canReload = canReload
    }

    /// Equal when the flags match and both or neither have an error with the same message.
    public static func == (lhs: LoadableStatus, rhs: LoadableStatus) -> Bool {
        lhs.hasContent == rhs.hasContent && lhs.isLoading == rhs.isLoading && lhs.canReload == rhs.canReload
            && lhs.latestError?.userMessage == rhs.latestError?.userMessage
    }

    /// Hashes the flags.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hasContent)
        hasher.combine(isLoading)
        hasher.combine(canReload)
        hasher.combine(latestError?.userMessage)
    }
}

/// One rule of a display priority list, after Siesta's `ResourceStatusOverlay`.
public enum DisplayRule: String, Sendable, Hashable, CaseIterable {
    /// Show progress if any source is loading.
    case loading
    /// Show the error if any source has one (the first source with an error wins).
    case error
    /// Show content if any source has content.
    case anyData
    /// Show content if every source has content.
    case allData
    /// Always show content (the view decides what to do with missing content).
    case alwaysData
}

/// What a view over one or more sources should show.
public enum Display: Sendable, Hashable {
    /// A progress indicator.
    case progress
    /// An error, with a "try again" button when `canTryAgain`.
    case error(message: String, canTryAgain: Bool)
    /// The content.
    case content
    /// Nothing: no rule matched.
    case nothing
}

/// An ordered list of ``DisplayRule``s: the first rule that matches decides what to show.
///
/// `[.loading, .error, .anyData]` shows a spinner whenever reloading; `[.anyData, .loading,
/// .error]` (``standard``) prefers whatever data there is, however stale.
public struct DisplayRules: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The rules in priority order.
    public var rules: [DisplayRule]

    /// Creates rules from a priority list.
    public init(_ rules: [DisplayRule]) { self.rules = rules }

    /// Creates rules from a literal.
    public init(arrayLiteral rules: DisplayRule...) { self.rules = rules }

    /// Data first, then progress, then errors: `[.anyData, .loading, .error]`.
    public static let standard: DisplayRules = [.anyData, .loading, .error]
    /// Progress, else content; errors are not shown: `[.loading, .alwaysData]`.
    public static let noError: DisplayRules = [.loading, .alwaysData]
    /// Always content: `[.alwaysData]`.
    public static let dataOnly: DisplayRules = [.alwaysData]
    /// Content only once every source has some: `[.allData]`.
    public static let allData: DisplayRules = [.allData]

    /// Decides what to show for `sources`. An error can be tried again when a source with an
    /// error can reload.
    public func decide(_ sources: [LoadableStatus]) -> Display {
        for rule in rules {
            switch rule {
            case .loading:
                if sources.contains(where: \.isLoading) { return .progress }
            case .error:
                if let failed = sources.first(where: { $0.latestError != nil }), let error = failed.latestError {
                    let canTryAgain = sources.contains { $0.latestError != nil && $0.canReload }
                    return .error(message: error.userMessage, canTryAgain: canTryAgain)
                }
            case .anyData:
                if sources.contains(where: \.hasContent) { return .content }
            case .allData:
                if !sources.isEmpty, sources.allSatisfy(\.hasContent) { return .content }
            case .alwaysData:
                return .content
            }
        }
        return .nothing
    }
}
