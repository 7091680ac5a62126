import Foundation

/// The pages the test server's own fetches reach (see ``WebPage``), by URL.
struct SimulatedWeb: Sendable {
    private var pages: [String: WebPage] = [:]
    /// The lowercased hosts with a page, which the simulated DNS resolves (``WebAddress``).
    private(set) var hosts: Set<String> = SeededPages.hosts

    /// Makes `page` the answer to `url`; false if `url` is not an absolute http(s) URL with a host.
    @discardableResult
    mutating func publish(_ page: WebPage, at url: String) -> Bool {
        guard let parsed = Self.absoluteURL(url), let key = Self.key(parsed) else { return false }
        pages[key] = page
        hosts.insert(Self.bareHost(parsed))
        return true
    }

    /// What fetching `url` answers: its page (published, else one of ``SeededPages``), or a plain
    /// 404 on a host that has other pages.
    func page(at url: URL) -> WebPage {
        if let key = Self.key(url), let page = pages[key] { return page }
        if let page = SeededPages.page(host: Self.bareHost(url), path: url.path) { return page }
        return WebPage(status: 404, contentType: "text/plain", body: Array("Not Found".utf8))
    }

    /// Where `host` resolves.
    func resolve(_ host: String) -> WebAddress { WebAddress.resolve(host, publishedHosts: hosts) }

    /// The normalized URL (``absoluteURL(_:)``) without its fragment: two spellings of one URL
    /// find one page.
    static func key(_ url: URL) -> String? {
        guard let normal = absoluteURL(url.absoluteString), isWeb(normal),
            var components = URLComponents(url: normal, resolvingAgainstBaseURL: true)
        else { return nil }
        components.fragment = nil
        return components.url?.absoluteString
    }
}
