public import Foundation
public import Observation

/// Tier 0 of a site (an instance's own page: name, counts, admins): only its address and a
/// client. ``upgrade()`` reads it.
@MainActor public struct SiteStub {
    /// The client to read through when the site is the client's own.
    public let api: ApiClient
    /// The site's ActivityPub id: the instance's address, e.g. `https://lemmy.ml/`.
    public let actorId: URL

    /// Creates a stub.
    public init(api: ApiClient, actorId: URL) {
        self.api = api
        self.actorId = actorId
    }

    /// Reads the site (one GetSite): a ``Site3``. The client's own site comes through ``api``;
    /// another instance's through a guest client for that instance (an account belongs to one
    /// instance, so another one only sees a guest).
    public func upgrade() async throws(ApiClientError) -> any Site {
        guard let origin = Self.origin(actorId) else { throw .unsupported("a site address needs a scheme and a host: \(actorId)") }
        if origin == Self.origin(api.baseURL) { return try await api.getSite() }
        return try await ApiClient.getApiClient(for: origin, with: nil, loader: api.loader).getSite()
    }

    /// `scheme://host[:port]`, which names an instance whatever path its ActivityPub id has.
    private static func origin(_ url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = url.port
        return components.url
    }
}

extension Site1Providing {
    /// A ``Site3`` (one GetSite), or `self` if this already is one.
    public func upgrade() async throws(ApiClientError) -> any Site {
        if let site = self as? Site3 { return site }
        return try await api.getSite()
    }
}

/// Any tier of a site, upgradable to the top tier (``Site3``) with ``upgrade()``.
@MainActor @Observable
public final class AnySite {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Site

    /// Wraps `site`.
    public init(_ site: any Site) { wrappedValue = site }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        while true {
            let next = try await wrappedValue.upgrade()
            if next === wrappedValue { return }
            wrappedValue = next
        }
    }

    /// Reads `stub`'s site, then upgrades to the top tier.
    public static func upgrading(_ stub: SiteStub) async throws(ApiClientError) -> AnySite {
        let model = AnySite(try await stub.upgrade())
        try await model.upgrade()
        return model
    }
}
