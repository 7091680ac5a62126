public import Foundation
import HTTPLoading

extension ApiClient {
    /// The instance URL of preview clients; `.invalid` never resolves, so nothing can leave the process.
    public static let previewInstanceURL = URL(string: "https://\(PreviewFixtures.instanceHost)")!

    /// A client that answers from `server`, in memory, with no network: for SwiftUI previews and
    /// tests of views. Models made for it with the sample constructors (`Post2.sample(api:...)`
    /// and the others) vote, save and roll back as live ones do.
    ///
    /// Each call makes a new client (preview clients are not shared through
    /// ``getApiClient(for:with:loader:)``), so previews do not see each other's models.
    ///
    /// - Parameters:
    ///   - server: the canned server; script failures on it with ``PreviewServer/failNext(_:path:)``.
    ///   - loggedIn: whether the client has an account (votes and saves need one).
    public static func preview(server: PreviewServer = PreviewServer(), loggedIn: Bool = true) -> ApiClient {
        ApiClient(baseURL: previewInstanceURL, token: loggedIn ? "preview-token" : nil, loader: server)
    }

    /// The canned server of a client made by ``preview(server:loggedIn:)``; nil for others.
    public var previewServer: PreviewServer? { loader as? PreviewServer }
}
