import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// GetSiteMetadata as each Lemmy version answers it (0.18.5's `fetch_site_metadata`, 0.19.13's
/// and 1.0's `fetch_link_metadata` and `extract_opengraph_data`, activitypub-federation 0.7's
/// `validate_ip`), over pages published on the test server's simulated web.
@Suite("Link metadata per dialect")
struct SiteMetadataFidelityTests: RefusalChecking {
    static let all: [LemmyDialect] = [.v0_18, .v0_19, .v1_0]

    /// The answer's `metadata`, or nil when it has none.
    func metadata(_ client: TestClient, _ url: String) async throws -> [String: Any]? {
        let raw = try await get(client, "/post/site_metadata", ["url": url])
        return (try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["metadata"] as? [String: Any]
    }

    func fetch(_ client: TestClient, _ url: String) async throws -> TestClient.RawResponse {
        try await get(client, "/post/site_metadata", ["url": url])
    }

    /// A 1.0 refusal's `cause`.
    func cause(_ raw: TestClient.RawResponse) throws -> String? {
        (try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["cause"] as? String
    }

    @Test("The Open Graph title and description win over the page's own, the last of each counts", arguments: all)
    func titles(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                .html(
                    """
                    <!DOCTYPE html>
                    <HTML><Head>
                    <title>  First   title </title>
                    <title>
                      Page &amp; title &#x263A;
                    </title>
                    <META NAME="description" CONTENT=" Plain description ">
                    <meta property="og:title" content="Old">
                    <meta property="og:title" content="Open &quot;Graph&quot; title">
                    <meta name="og:description" content="From a name attribute">
                    </head><body></body></html>
                    """), at: "https://news.example/a")
            let found = try #require(try await metadata(alice, "https://news.example/a"))
            #expect(found["title"] as? String == "Open \"Graph\" title")
            #expect(found["description"] as? String == "From a name attribute")
            server.publish(
                .html("<!doctype html>\n<title>\n  Page &amp; title\t</title><meta name=description content='Plain'>"),
                at: "https://news.example/b")
            // Without og:title, the last <title> counts.
            server.publish(.html("<!doctype html>\n<title>First</title><title> Second </title>"), at: "https://news.example/two")
            #expect(try await metadata(alice, "https://news.example/two")?["title"] as? String == "Second")
            let plain = try #require(try await metadata(alice, "https://news.example/b"))
            #expect(plain["title"] as? String == "Page & title")
            #expect(plain["description"] as? String == "Plain")
            // An empty og:title is kept, and hides the page's title.
            server.publish(.html("<!doctype html>\n<title>Kept?</title><meta property=og:title content=''>"), at: "https://news.example/c")
            #expect(try #require(try await metadata(alice, "https://news.example/c"))["title"] as? String == "")
        }
    }

    @Test("Only the head counts: tags after the body starts, or in a noscript, are not read", arguments: all)
    func headOnly(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                .html(
                    """
                    <!DOCTYPE html>
                    <!-- <meta property="og:title" content="In a comment"> -->
                    <meta property="og:title" content="Before the body">
                    <noscript><meta property="og:description" content="In a noscript"></noscript>
                    <script>var x = "<meta property='og:image' content='/script.png'>";</script>
                    <div>Text</div>
                    <meta property="og:image" content="/late.png">
                    """), at: "https://news.example/head")
            let found = try #require(try await metadata(alice, "https://news.example/head"))
            #expect(found["title"] as? String == "Before the body")
            #expect(found["description"] == nil)
            #expect(found["image"] == nil)
            // A tag that starts the body ends the head, even with no text after it.
            server.publish(
                .html("<!DOCTYPE html>\n<title>Kept</title><img src=x.png><meta property=og:title content=Late>"),
                at: "https://news.example/img")
            #expect(try await metadata(alice, "https://news.example/img")?["title"] as? String == "Kept")
        }
    }

    @Test("Images and videos: the first, joined to the page's URL; 1.0 skips an empty one and reads its size", arguments: all)
    func images(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                .html(
                    """
                    <!DOCTYPE html>
                    <meta property="og:image:width" content="1">
                    <meta property="og:image" content="../img/a.png">
                    <meta property="og:image:width" content="640">
                    <meta property="og:image:height" content="99999">
                    <meta property="og:image:url" content="https://cdn.example/b.png">
                    <meta property="og:video:url" content="//video.example/embed/7">
                    <meta property="og:video:width" content="1280">
                    """), at: "https://news.example/dir/page?x=1#top")
            let found = try #require(try await metadata(alice, "https://news.example/dir/page?x=1#top"))
            #expect(found["image"] as? String == "https://news.example/img/a.png")
            #expect(found["embed_video_url"] as? String == "https://video.example/embed/7")
            // 1.0 only: the first image's width (a height past u16 is dropped), the video's width.
            #expect(found["image_width"] as? Int == (dialect == .v1_0 ? 640 : nil))
            #expect(found["image_height"] == nil)
            #expect(found["video_width"] as? Int == (dialect == .v1_0 ? 1280 : nil))
            server.publish(
                .html("<!DOCTYPE html>\n<meta property=og:image content=''><meta property=og:image content='/second.png'>"),
                at: "https://news.example/empty#f")
            let empty = try #require(try await metadata(alice, "https://news.example/empty#f"))
            // 0.18 and 0.19 join the empty URL: the page itself, without its fragment.
            #expect(empty["image"] as? String == (dialect == .v1_0 ? nil : "https://news.example/empty"))
        }
    }

    @Test(
        "0.18 needs a doctype and reads any status; 0.19 and 1.0 go by content type, and only 1.0 refuses an error status", arguments: all)
    func contentTypes(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(.html("<html><title>No doctype</title></html>"), at: "https://news.example/nodoctype")
            server.publish(WebPage(contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47]), at: "https://news.example/pic")
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
            server.publish(WebPage(contentType: "application/octet-stream", body: jpeg), at: "https://news.example/blob")
            server.publish(WebPage(body: Array("<!DOCTYPE html><title>Guessed</title>".utf8)), at: "https://news.example/guess.html")
            server.publish(.html("<!DOCTYPE html><title>Gone</title>", status: 410), at: "https://news.example/gone")
            let noDoctype = try await fetch(alice, "https://news.example/nodoctype")
            let gone = try await fetch(alice, "https://news.example/gone")
            switch dialect {
            case .v0_18:
                #expect(refusal(noDoctype).code == "Site metadata page fetch is not DOCTYPE html")
                #expect(refusal(try await fetch(alice, "https://news.example/pic")).code == "Site metadata page fetch is not DOCTYPE html")
                #expect(try #require(try await metadata(alice, "https://news.example/gone"))["title"] as? String == "Gone")
                // 0.18's answer has no content type.
                #expect(try #require(try await metadata(alice, "https://news.example/guess.html"))["content_type"] == nil)
            case .v0_19, .v1_0:
                #expect(try #require(try await metadata(alice, "https://news.example/nodoctype"))["title"] as? String == "No doctype")
                #expect(try await metadata(alice, "https://news.example/pic").map(NSDictionary.init) == ["content_type": "image/png"])
                // An octet stream's first bytes name its type.
                #expect(try await metadata(alice, "https://news.example/blob")?["content_type"] as? String == "image/jpeg")
                // No Content-Type: the extension's.
                let guessed = try #require(try await metadata(alice, "https://news.example/guess.html"))
                #expect(guessed["content_type"] as? String == "text/html" && guessed["title"] as? String == "Guessed")
                if dialect == .v1_0 {
                    #expect(refusal(gone).code == "unknown")
                    #expect(refusal(gone).message == "HTTP status client error (410 Gone) for url (https://news.example/gone)")
                } else {
                    #expect(try #require(try await metadata(alice, "https://news.example/gone"))["title"] as? String == "Gone")
                }
            }
        }
    }

    @Test("0.19 and 1.0 read the first MiB of a page; 0.18 reads all of it", arguments: all)
    func firstMebibyte(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            let padding = "<!DOCTYPE html>\n<script>" + String(repeating: "x", count: 1 << 20) + "</script>"
            server.publish(.html(padding + "<title>Far down</title>"), at: "https://news.example/long")
            let found = try #require(try await metadata(alice, "https://news.example/long"))
            #expect(found["title"] as? String == (dialect == .v0_18 ? "Far down" : nil))
        }
    }

    @Test("A page in windows-1252 is read again in it", arguments: all)
    func charset(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            var body = Array("<!DOCTYPE html>\n<meta charset=\"windows-1252\"><title>Caf".utf8)
            body += [0xE9, 0x20, 0x80]  // "é €" in windows-1252, not UTF-8
            body += Array("</title>".utf8)
            server.publish(WebPage(contentType: "text/html", body: body), at: "https://news.example/latin")
            #expect(try #require(try await metadata(alice, "https://news.example/latin"))["title"] as? String == "Café €")
        }
    }

    @Test("Redirects: 0.18 follows them; 0.19 and 1.0 follow one, through the same checks", arguments: all)
    func redirects(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(.redirect(to: "https://news.example/hop2"), at: "https://news.example/hop1")
            server.publish(.redirect(to: "https://news.example/final"), at: "https://news.example/hop2")
            server.publish(.article(title: "Final"), at: "https://news.example/final")
            server.publish(.redirect(to: "https://news.example/final"), at: "https://news.example/once")
            server.publish(.redirect(to: "http://localhost/admin"), at: "https://news.example/inward")
            #expect(try await metadata(alice, "https://news.example/once")?["title"] as? String == "Final")
            let inward = try await fetch(alice, "https://news.example/inward")
            switch dialect {
            case .v0_18:
                #expect(try await metadata(alice, "https://news.example/hop1")?["title"] as? String == "Final")
                // reqwest gives up at the tenth redirect, naming the URL that sent it.
                for hop in 0..<10 {
                    server.publish(.redirect(to: "https://news.example/loop/\(hop + 1)"), at: "https://news.example/loop/\(hop)")
                }
                #expect(
                    refusal(try await fetch(alice, "https://news.example/loop/0")).message
                        == "Request error: error following redirect for url (https://news.example/loop/9): too many redirects")
                // reqwest follows 301, 302, 303, 307 and 308 only.
                server.publish(WebPage(status: 300, location: "https://news.example/final"), at: "https://news.example/choices")
                #expect(refusal(try await fetch(alice, "https://news.example/choices")).code == "No lines in html")
                // No address check: a redirect inward is fetched (nothing listens there).
                #expect(refusal(inward).message?.hasPrefix("Request error: error sending request for url (http://localhost/admin)") == true)
            case .v0_19, .v1_0:
                // The second redirect's own answer is read: no type, nothing to guess from.
                #expect(try await metadata(alice, "https://news.example/hop1").map(NSDictionary.init) == [:])
                #expect(refusal(inward).code == (dialect == .v0_19 ? "invalid_url" : "unknown"))
            }
        }
    }

    @Test("Refusals: a login (0.19, 1.0), the URL, internal addresses and names that do not resolve", arguments: all)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let guest = TestClient(server)
            let alice = try await guest.login("alice")
            let anonymous = try await fetch(guest, "https://example.com/tech/1")
            if dialect == .v0_18 {
                #expect(anonymous.status == 200)
            } else {
                #expect(refusal(anonymous).status == 401 && refusal(anonymous).code == "incorrect_login")
            }
            let relativeRaw = try await fetch(alice, "not a url")
            let ftpRaw = try await fetch(alice, "ftp://example.com/file")
            let relative = refusal(relativeRaw)
            let ftp = refusal(ftpRaw)
            let unknown = refusal(try await fetch(alice, "https://nowhere.example/"))
            let loopback = refusal(try await fetch(alice, "http://127.0.0.1:8536/api/v3/site"))
            let internalName = refusal(try await fetch(alice, "http://intranet.internal/"))
            let v6 = refusal(try await fetch(alice, "http://[::1]/"))
            let publicIP = refusal(try await fetch(alice, "http://93.184.216.34/"))
            switch dialect {
            case .v0_18:
                #expect(
                    relative.code == "text"
                        && relative.message
                            == "Query deserialize error: invalid value: string \"not a url\", expected relative URL without a base"
                )
                #expect(ftp.message == "Request error: builder error for url (ftp://example.com/file): URL scheme is not allowed")
                #expect(unknown.message?.hasSuffix("dns error: failed to lookup address information: Name or service not known") == true)
                // 0.18 has no address check: it connects, and nothing answers.
                #expect(loopback.message?.hasSuffix("Connection refused (os error 111)") == true)
                #expect(
                    v6.message
                        == "Request error: error sending request for url (http://[::1]/): error trying to connect: tcp connect error: "
                        + "Connection refused (os error 111)"
                )
            case .v0_19:
                #expect([relative.code, ftp.code, internalName.code] == ["invalid_url", "invalid_url", "invalid_url"])
                #expect(unknown.code == "unknown" && unknown.message == "failed to lookup address information: Name or service not known")
                // An IP literal is not a domain.
                #expect([loopback.code, v6.code, publicIP.code] == ["url_without_domain", "url_without_domain", "url_without_domain"])
            case .v1_0:
                #expect([relative.code, ftp.code] == ["invalid_url", "invalid_url"])
                // The parse error is the cause; the scheme's refusal has none of its own.
                #expect(try cause(relativeRaw) == "relative URL without a base" && cause(ftpRaw) == "InvalidUrl")
                #expect(unknown.code == "unknown" && unknown.message == "failed to lookup address information: Name or service not known")
                #expect(loopback.message?.hasPrefix("Resolving domain 127.0.0.1 points to local IP address.") == true)
                #expect(v6.message?.hasPrefix("Resolving domain [::1] points to local IP address.") == true)
                #expect(internalName.message?.hasPrefix("Resolving domain intranet.internal points") == true)
                // A public address passes the check; nothing listens there.
                #expect(publicIP.message == "error sending request for url (http://93.184.216.34/)")
            }
        }
    }

    @Test("URLs as the url crate reads them: any case of scheme and host, IPv4 in every WHATWG spelling", arguments: all)
    func urlSpellings(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await metadata(alice, "HTTPS://Video.EXAMPLE/watch/2")?["title"] as? String == "Video 2")
            for spelling in ["http://127.1/", "http://0x7f.0.0.1/", "http://2130706433/", "http://0177.0.0.1/"] {
                let refused = refusal(try await fetch(alice, spelling))
                switch dialect {
                case .v0_18:
                    #expect(refused.message?.hasPrefix("Request error: error sending request for url (http://127.0.0.1/)") == true)
                case .v0_19: #expect(refused.code == "url_without_domain", "\(spelling)")
                case .v1_0: #expect(refused.message?.hasPrefix("Resolving domain 127.0.0.1 points to local IP") == true, "\(spelling)")
                }
            }
        }
    }

    @Test("A page webpage panics on gets no answer (Lemmy's handler panics)", arguments: all)
    func panickingPage(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                .html("<!DOCTYPE html>\n<meta property=og:image content=a.png><meta property=og:imageé content=x>"),
                at: "https://news.example/panic")
            let raw = try await fetch(alice, "https://news.example/panic")
            #expect(raw.status == 500 && raw.body.isEmpty)
        }
    }

    @Test(
        "Content types as the mime crate writes them; one it cannot parse sends Lemmy to the extension",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func mediaTypes(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                WebPage(contentType: "Text/HTML;Charset=UTF-8", body: Array("<title>T</title>".utf8)), at: "https://news.example/m")
            // mime keeps the spelling, lowercasing the essence, the names and the charset.
            #expect(try await metadata(alice, "https://news.example/m")?["content_type"] as? String == "text/html;charset=utf-8")
            // A trailing `;` is allowed.
            server.publish(WebPage(contentType: "text/html; ", body: Array("<title>T</title>".utf8)), at: "https://news.example/t")
            #expect(try await metadata(alice, "https://news.example/t")?["title"] as? String == "T")
            server.publish(WebPage(contentType: "image/png; broken", body: Self.png), at: "https://news.example/p.jpeg")
            #expect(try await metadata(alice, "https://news.example/p.jpeg")?["content_type"] as? String == "image/jpeg")
        }
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)

    @Test("The seeded posts' links have previews", arguments: all)
    func seededLinks(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            let video = try #require(try await metadata(alice, "https://video.example/watch/12"))
            #expect(video["title"] as? String == "Video 12")
            #expect(video["embed_video_url"] as? String == "https://video.example/embed/12")
            let article = try await metadata(alice, "https://example.com/technology/3")
            #expect(article?["image"] as? String == "https://example.com/images/3.jpeg")
        }
    }
}

/// The preview Lemmy stores with a new post's link (0.18 `fetch_site_data`, 0.19 and 1.0
/// `generate_post_link_metadata`, awaited before the answer).
@Suite("A post's link preview per dialect")
struct PostLinkMetadataTests: RefusalChecking {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)

    /// Where the server's pict-rs copies are (its host is its address).
    func pictrs(_ server: LemmyTestServer) -> String {
        let path = server.dialect == .v1_0 ? "/api/v4/image/" : "/pictrs/image/"
        return "https://\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)\(path)"
    }

    /// The `post` object of a PostResponse.
    func post(_ raw: TestClient.RawResponse) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any], "\(raw.status)")
        return try #require((object["post_view"] as? [String: Any])?["post"] as? [String: Any], "\(object)")
    }

    @Test(
        "An article's link: its title, description and a local copy of its image; 0.18 cleans the text",
        arguments: SiteMetadataFidelityTests.all)
    func article(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(.article(title: "<b>Bold</b> & co", description: "Words.", image: "/lead.png"), at: "https://news.example/a")
            server.publish(WebPage(contentType: "image/png", body: Self.png), at: "https://news.example/lead.png")
            let created = try post(try await createPost(alice, ["name": "A link", "url": "https://news.example/a"]))
            #expect(created["embed_title"] as? String == (dialect == .v0_18 ? "<b>Bold</b> &amp; co" : "<b>Bold</b> & co"))
            #expect(created["embed_description"] as? String == "Words.")
            #expect(created["url_content_type"] as? String == (dialect == .v0_18 ? nil : "text/html; charset=utf-8"))
            // pict-rs' copy of the image, served by the instance.
            let thumbnail = try #require(created["thumbnail_url"] as? String)
            #expect(thumbnail.hasPrefix(pictrs(server)) && thumbnail.hasSuffix(".png"))
            let file = String(thumbnail.split(separator: "/").last ?? "")
            let imagePath = dialect == .v1_0 ? "/api/v4/image/" : "/pictrs/image/"
            let served = try await TestClient(server).raw("GET", path: imagePath + file)
            #expect(served.status == 200 && Array(served.body) == Self.png)
        }
    }

    @Test(
        "A picture's link: its type and a local copy; a page that cannot be read leaves no preview",
        arguments: SiteMetadataFidelityTests.all)
    func picture(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(WebPage(contentType: "image/png", body: Self.png), at: "https://cdn.example/cat.png")
            let picture = try post(try await createPost(alice, ["name": "A cat", "url": "https://cdn.example/cat.png"]))
            #expect(picture["url_content_type"] as? String == (dialect == .v0_18 ? nil : "image/png"))
            #expect((picture["thumbnail_url"] as? String)?.hasPrefix(pictrs(server)) == true)
            #expect(picture["embed_title"] == nil)
            let lost = try post(try await createPost(alice, ["name": "Nowhere", "url": "https://nowhere.example/page"]))
            #expect(lost["thumbnail_url"] == nil && lost["embed_title"] == nil && lost["url_content_type"] == nil)
        }
    }

    @Test("0.18: an edit reads the edit's link; without one the thumbnail goes, and a failed fetch keeps the embed")
    func edit018() async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: .v0_18, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(.article(title: "Kept", image: "/lead.png"), at: "https://news.example/e")
            server.publish(WebPage(contentType: "image/png", body: Self.png), at: "https://news.example/lead.png")
            let created = try post(try await createPost(alice, ["name": "Edit me", "url": "https://news.example/e"]))
            #expect(created["thumbnail_url"] != nil && created["embed_title"] as? String == "Kept")
            let id = try #require(created["id"] as? Int)
            let edited = try post(
                try await post(alice, "/post", ["post_id": id, "name": "Edited", "url": "https://nowhere.example/"], method: "PUT"))
            #expect(edited["thumbnail_url"] == nil && edited["embed_title"] as? String == "Kept")
            // An edit without a link drops the link too.
            let relinked = try post(try await post(alice, "/post", ["post_id": id, "url": "https://news.example/e"], method: "PUT"))
            #expect(relinked["thumbnail_url"] != nil)
            let unlinked = try post(try await post(alice, "/post", ["post_id": id, "name": "No link"], method: "PUT"))
            #expect(unlinked["url"] == nil && unlinked["thumbnail_url"] == nil)
        }
    }

    @Test(
        "A page webpage panics on: 0.18 writes no post; 0.19 and 1.0 keep the post and answer nothing",
        arguments: SiteMetadataFidelityTests.all)
    func panic(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(
                .html("<!DOCTYPE html>\n<meta property=og:image content=a.png><meta property=og:imageé content=x>"),
                at: "https://news.example/panic")
            let raw = try await createPost(alice, ["name": "Panic at the preview", "url": "https://news.example/panic"])
            #expect(raw.status == 500)
            let newest = try await get(alice, "/post/list", ["sort": dialect == .v1_0 ? "new" : "New", "limit": "50"])
            let found = String(decoding: newest.body, as: UTF8.self).contains("Panic at the preview")
            #expect(found == (dialect != .v0_18), "\(newest.status)")
        }
    }

    @Test(
        "1.0: pict-rs' copy is the author's, for the post; 0.19's belongs to no one and is in no list",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func copyOwner(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            server.publish(.article(title: "Owned", image: "/lead.png"), at: "https://news.example/o")
            server.publish(WebPage(contentType: "image/png", body: Self.png), at: "https://news.example/lead.png")
            let created = try post(try await createPost(alice, ["name": "Owned", "url": "https://news.example/o"]))
            let file = try #require((created["thumbnail_url"] as? String)?.split(separator: "/").last.map(String.init))
            let listed = String(
                decoding: try await get(admin, dialect == .v1_0 ? "/image/list" : "/admin/list_all_media", [:]).body, as: UTF8.self)
            if dialect == .v1_0 {
                #expect(listed.contains(file))
                let mine = try await get(alice, "/account/media/list", [:])
                let object = try #require(try JSONSerialization.jsonObject(with: mine.body) as? [String: Any])
                let items = try #require(object["items"] as? [[String: Any]])
                let image = try #require(items.first { ($0["local_image"] as? [String: Any])?["pictrs_alias"] as? String == file })
                #expect((image["local_image"] as? [String: Any])?["thumbnail_for_post_id"] as? Int == created["id"] as? Int)
                #expect((image["post"] as? [String: Any])?["id"] as? Int == created["id"] as? Int)
            } else {
                #expect(!listed.contains(file))
            }
        }
    }

    @Test(
        "0.19 and 1.0: a custom thumbnail is kept, an NSFW post's image is not copied on 1.0, an edit reads the page again",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func laterRules(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await TestClient(server).login("alice")
            server.publish(.article(title: "First", image: "https://news.example/lead.png"), at: "https://news.example/b")
            server.publish(WebPage(contentType: "image/png", body: Self.png), at: "https://news.example/lead.png")
            let custom = try post(
                try await createPost(
                    alice, ["name": "Custom", "url": "https://news.example/b", "custom_thumbnail": "https://img.example/mine.jpeg"]))
            #expect(custom["thumbnail_url"] as? String == "https://img.example/mine.jpeg")
            let nsfw = try post(try await createPost(alice, ["name": "NSFW", "url": "https://news.example/b", "nsfw": true]))
            let expected = dialect == .v1_0 ? "https://news.example/lead.png" : nil
            if let expected {
                #expect(nsfw["thumbnail_url"] as? String == expected)
            } else {
                #expect((nsfw["thumbnail_url"] as? String)?.hasPrefix(pictrs(server)) == true)
            }
            server.publish(.article(title: "Second"), at: "https://news.example/b")
            let id = try #require(custom["id"] as? Int)
            let edited = try post(try await post(alice, "/post", ["post_id": id, "name": "Custom, edited"], method: "PUT"))
            #expect(edited["embed_title"] as? String == "Second")
            // The edit named no custom thumbnail, and the page no longer has an image.
            #expect(edited["thumbnail_url"] == nil)
        }
    }
}
