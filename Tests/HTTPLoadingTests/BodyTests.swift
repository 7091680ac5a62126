import Foundation
import HTTPLoading
import HTTPLoadingTesting
import Testing
import HTTPTypes

@Suite struct BodyTests {
    struct Payload: Codable, Sendable, Equatable {
        var name: String
        var count: Int
    }

    @Test func jsonBodyEncodesLazilyWithContentType() throws {
        let body = JSONBody(Payload(name: "a", count: 2))
        #expect(body.contentType == "application/json")
        #expect(try JSONDecoder().decode(Payload.self, from: body.encode()) == Payload(name: "a", count: 2))
    }

    @Test func formBodyEscapesLikeBrowsers() throws {
        let body = FormBody([("q", "a b&c=d"), ("emoji", "é+")])
        #expect(String(decoding: try body.encode(), as: UTF8.self) == "q=a+b%26c%3Dd&emoji=%C3%A9%2B")
    }

    @Test func multipartBodyFramesEachPart() throws {
        let body = MultipartBody(
            parts: [.field("name", "cat"), .file("images[]", filename: "c\"at.png", contentType: "image/png", data: Data([1, 2]))],
            boundary: "XYZ"
        )
        #expect(body.contentType == "multipart/form-data; boundary=XYZ")
        let expected =
            Data(
                "--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\ncat\r\n--XYZ\r\nContent-Disposition: form-data; name=\"images[]\"; filename=\"c%22at.png\"\r\nContent-Type: image/png\r\n\r\n"
                    .utf8) + Data([1, 2]) + Data("\r\n--XYZ--\r\n".utf8)
        #expect(try body.encode() == expected)
    }

    struct Unencodable: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "refused"))
        }
    }

    @Test func bodyEncodingFailureSurfacesAtLoadTime() async {
        let request = LoadRequest(method: .post, url: URL(string: "http://127.0.0.1:9/x")!, body: JSONBody(Unencodable()))
        do {
            _ = try await URLSessionLoader().load(request)
            Issue.record("expected failure")
        } catch {
            #expect(error.code == .bodyEncodingFailed)
        }
    }

    @Test func plainHTTPIsRefusedExceptOnLoopbackOrWhenAllowed() throws {
        #expect(throws: LoadError.self) { try PreparedRequest(LoadRequest(url: URL(string: "http://lemmy.ml/api")!)) }
        _ = try PreparedRequest(LoadRequest(url: URL(string: "http://127.0.0.1:8536/api")!))
        _ = try PreparedRequest(LoadRequest(url: URL(string: "http://localhost/api")!))
        var allowed = LoadRequest(url: URL(string: "http://lemmy.ml/api")!)
        allowed.options[AllowsInsecureHTTPOption.self] = true
        _ = try PreparedRequest(allowed)
        do { _ = try PreparedRequest(LoadRequest(path: "/relative")) } catch { #expect(error.code == .invalidRequest) }
    }
}
