#if canImport(SwiftUI)
import Resources
import SwiftUI

/// How a ``ResourceView`` shows progress and errors; set with `.resourceViewStyle(_:)`.
@MainActor
public protocol ResourceViewStyle: Sendable {
    /// The view shown while loading.
    func loadingView() -> AnyView
    /// The view shown for an error, with a "try again" action when `canTryAgain`.
    func errorView(message: String, canTryAgain: Bool, tryAgain: @escaping () -> Void) -> AnyView
}

/// A spinner, and the error message with a "Try again" button.
public struct DefaultResourceViewStyle: ResourceViewStyle {
    /// Creates the default style.
    public init() {}

    /// A progress view.
    public func loadingView() -> AnyView { AnyView(ProgressView()) }

    /// The message and, when possible, a "Try again" button.
    public func errorView(message: String, canTryAgain: Bool, tryAgain: @escaping () -> Void) -> AnyView {
        AnyView(
            VStack {
                Text(message)
                if canTryAgain { Button("Try again", action: tryAgain) }
            })
    }
}

extension EnvironmentValues {
    /// The style of ``ResourceView``s below.
    @Entry public var resourceViewStyle: any ResourceViewStyle = DefaultResourceViewStyle()
}

extension View {
    /// Sets how ``ResourceView``s below show progress and errors.
    public func resourceViewStyle(_ style: some ResourceViewStyle) -> some View {
        environment(\.resourceViewStyle, style)
    }
}
#endif
