import LemmyAPI
import Testing

/// Values that hold secrets never show them: not in `print`, interpolation, `dump` or a debugger.
@Suite("Secrets in descriptions")
struct RedactionTests {
    /// Every way Swift turns `value` into text.
    static func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test("A login form shows neither the user's name nor the password; its other members show")
    func loginForm() {
        let form = ApiLogin(usernameOrEmail: "alice@example.org", password: "hunter2-secret", totp2faToken: "123456")
        for text in Self.renderings(form) {
            #expect(!text.contains("hunter2-secret") && !text.contains("alice@example.org"), "\(text)")
            #expect(text.contains("<redacted>") && text.contains("123456"), "\(text)")
        }
        // Inside a request descriptor too: its default reflection goes through the form's mirror.
        for text in Self.renderings(LemmyV3.Login(form)) { #expect(!text.contains("hunter2-secret"), "\(text)") }
    }

    @Test("A login answer does not show its token; a 0.18 form does not show its auth")
    func tokens() {
        let answer = ApiLoginResponse(jwt: "eyJ.secret-token.sig", registrationCreated: false, verifyEmailSent: false)
        for text in Self.renderings(answer) { #expect(!text.contains("secret-token") && text.contains("registrationCreated"), "\(text)") }
        let save = ApiSavePost(postId: 7, save: true, auth: "eyJ.auth-token.sig")
        for text in Self.renderings(save) { #expect(!text.contains("auth-token") && text.contains("7"), "\(text)") }
    }
}
