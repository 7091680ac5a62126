import Foundation
@testable import HTTPBinServer
import HTTPLoading
import HTTPTypes
import Testing

/// The in-process httpbin keeps httpbin's contract where the integration tests do not look closely.
@Suite struct HTTPBinServerTests {
    func load(_ path: String, _ fields: HTTPFields = [:], method: HTTPRequest.Method = .get, body: (any HTTPBody)? = nil) async throws
        -> LoadResponse
    {
        var request = try await HTTPBin.request(path, method: method)
        request.headerFields.append(contentsOf: fields)
        if let body { request.body = body }
        return try await URLSessionLoader().load(request)
    }

    @Test func unauthorizedAnswersNameTheirScheme() async throws {
        let basic = try await load("/basic-auth/user/pass")
        #expect(basic.status == .unauthorized)
        #expect(basic.headerFields[.wwwAuthenticate] == #"Basic realm="Fake Realm""#)
        let bearer = try await load("/bearer")
        #expect(bearer.status == .unauthorized)
        #expect(bearer.headerFields[.wwwAuthenticate] == "Bearer")
        #expect(try await load("/status/401").headerFields[.wwwAuthenticate] == #"Basic realm="Fake Realm""#)
    }

    @Test func entityTagsAreComparedWithoutQuotesOrTheWeakPrefix() async throws {
        let first = try await load("/etag/v7")
        #expect(first.status == .ok)
        #expect(first.headerFields[.eTag] == #""v7""#)
        for tag in [#""v7""#, #"W/"v7""#, "v7", #""other", "v7""#, "*"] {
            #expect(try await load("/etag/v7", [.ifNoneMatch: tag]).status == .notModified, "If-None-Match: \(tag)")
        }
        #expect(try await load("/etag/v7", [.ifNoneMatch: #""v6""#]).status == .ok)
        #expect(try await load("/etag/v7", [.ifMatch: #""v6""#]).status == .preconditionFailed)
        #expect(try await load("/etag/v7", [.ifMatch: #""v7""#]).status == .ok)
    }

    @Test func aSequenceRepeatsItsLastStatusAndSendsRetryAfterOnlyOn429And503() async throws {
        let key = UUID().uuidString
        let path = "/sequence/\(key)?statuses=429,500,503,200&retry_after=7"
        var seen: [(Int, String?, String?)] = []
        for _ in 0..<5 {
            let response = try await load(path)
            seen.append((response.status.code, response.headerFields[.retryAfter], response.headerFields[HTTPField.Name("X-Attempt")!]))
        }
        #expect(seen.map(\.0) == [429, 500, 503, 200, 200])
        #expect(seen.map(\.1) == ["7", nil, "7", nil, nil])
        #expect(seen.map(\.2) == ["1", "2", "3", "4", "5"])
        #expect(try await load("/sequence/other-\(key)?statuses=503").status.code == 503, "each key counts on its own")
    }

    @Test func redirectsCountDownToGet() async throws {
        let first = try await load("/redirect/2")
        #expect(first.status == .found)
        #expect(first.headerFields[.location] == "/relative-redirect/1")
        #expect(try await load("/relative-redirect/1").headerFields[.location] == "/get")
        let base = try await HTTPBin.require()
        let absolute = try await load("/absolute-redirect/2")
        #expect(absolute.headerFields[.location] == "http://127.0.0.1:\(base.port!)/absolute-redirect/1")
        let custom = try await load("/redirect-to?url=%2Fuuid&status_code=308")
        #expect(custom.status.code == 308 && custom.headerFields[.location] == "/uuid")
    }

    @Test func echoesKeepRepeatedArgumentsFormsAndTheMethod() async throws {
        struct Echo: Decodable {
            let args: [String: [String]]
            let form: [String: String]
            let method: String
            let url: String
        }
        let body = DataBody(Data("a=1&b=two+words".utf8), contentType: "application/x-www-form-urlencoded")
        let response = try await load("/anything/x?tag=a&tag=b", method: .put, body: body)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.args == ["tag": ["a", "b"]])
        #expect(echo.form == ["a": "1", "b": "two words"])
        #expect(echo.method == "PUT")
        #expect(echo.url.hasSuffix("/anything/x?tag=a&tag=b"))
    }

    @Test func gzipFramingHasTheStandardChecksumAndSplitsLongBodies() {
        // The CRC-32 check value of "123456789" (RFC 1952's CRC, as every implementation lists it).
        #expect(Gzip.crc32(Data("123456789".utf8)) == 0xcbf4_3926)
        let long = Data(repeating: 7, count: 70_000)
        let member = Gzip.wrap(long)
        #expect(member.prefix(3) == Data([0x1f, 0x8b, 0x08]))
        // Two stored blocks: header(10) + 5 + 65535 + 5 + 4465 + trailer(8).
        #expect(member.count == 10 + 5 + 65_535 + 5 + 4_465 + 8)
        #expect(member[10] == 0x00 && member[10 + 5 + 65_535] == 0x01, "only the last block is final")
        #expect(member.suffix(4) == Data([0x70, 0x11, 0x01, 0x00]), "ISIZE is the length, little-endian")
    }
}
