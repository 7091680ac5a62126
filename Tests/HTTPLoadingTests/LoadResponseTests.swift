import HTTPLoading
import HTTPTypes
import Testing

@Suite("Load response")
struct LoadResponseTests {
    @Test("the status code follows the head, however it is set")
    func statusCodeFollowsTheHead() {
        var response = LoadResponse(request: LoadRequest(path: "/"), status: .ok)
        #expect(response.statusCode == 200)
        response.head.status = .unauthorized
        #expect(response.statusCode == 401)
        response.head = HTTPResponse(status: .init(code: 599))
        #expect(response.statusCode == 599)
        #expect(response.statusCode == response.status.code)
    }
}
