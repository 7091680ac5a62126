import Foundation

/// The check the commands that take a link (`submit --url`, `edit --url`, `preview`) share: an
/// absolute http or https URL with a host, which is all Lemmy takes as a post's link.
enum WebLink {
    /// `text` as a URL, or nil unless it is an http or https URL with a host.
    static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
