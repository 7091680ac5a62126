import Foundation
import HTTPLoading
import Testing

/// Plain http is allowed only to hosts that really are loopback; a name that merely starts like
/// one (`127.evil.example`) is a remote host and must not receive a token in clear text.
@Suite struct LoopbackHostTests {
    static let hostileURLs = [
        "http://127.evil.example/api",
        "http://127.0.0.1.evil.com/api",
        "http://localhost.evil.com/api",
        "http://evil-localhost/api",
        "http://0x7f.1/api",
        "http://0x7f000001/api",
        "http://2130706433/api",
        "http://127.1/api",
        "http://0177.0.0.1/api",
        "http://127.0.0.256/api",
        "http://127.0.0.1.1/api",
        "http://[::1].evil/api",
        "http://[::2]/api",
        "http://[::ffff:8.8.8.8]/api",
        "http://127.0.0.1:80@evil.com/api",
        "http://localhost..evil/api",
        "http://128.0.0.1/api",
    ]

    @Test(arguments: hostileURLs)
    func aHostThatOnlyLooksLikeLoopbackIsRefusedPlainHTTP(_ text: String) throws {
        // Some of these are not even valid URLs on every Foundation; those cannot be sent at all.
        guard let url = URL(string: text) else { return }
        do {
            _ = try PreparedRequest(LoadRequest(url: url))
            Issue.record("plain http to \(url.host ?? text) was allowed")
        } catch {
            #expect(error.code == .insecureConnection || error.code == .invalidRequest)
        }
    }

    static let loopbackURLs = [
        "http://127.0.0.1:8536/api",
        "http://127.255.255.254/api",
        "http://127.1.2.3/api",
        "http://localhost/api",
        "http://LOCALHOST:8080/api",
        "http://localhost./api",
        "http://[::1]:8536/api",
        "http://[0:0:0:0:0:0:0:1]/api",
    ]

    @Test(arguments: loopbackURLs)
    func realLoopbackHostsMayUsePlainHTTP(_ text: String) throws {
        let url = try #require(URL(string: text))
        _ = try PreparedRequest(LoadRequest(url: url))
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.0", true), ("127.255.255.255", true), ("::1", true), ("[::1]", true),
        ("localhost", true), ("Localhost.", true),
        ("127.evil.example", false), ("127.0.0.1.evil.com", false), ("localhost.evil.com", false),
        ("0x7f.1", false), ("[::1].evil", false), ("127.1", false), ("127.00.0.1", false), ("", false),
        ("127.0.0.1 ", false), ("localhost..", false), ("::1%lo", false), ("1.2.3.127", false),
        ("LocalHost", true), ("127.0.0.01", false), ("127.0.0.", false), (".127.0.0.1", false), ("127..0.1", false),
        ("127.0.0.1000", false), ("127.100.200.255", true), ("0127.0.0.1", false), ("\u{FF4C}ocalhost", false),
        ("localhos\u{0442}", false), ("[::1", false), ("[0:0:0:0:0:0:0:1]", true), ("::2", false),
    ])
    func originParsesTheHost(_ host: String, _ expected: Bool) {
        #expect(Origin.isLoopbackHost(host) == expected)
    }
}
