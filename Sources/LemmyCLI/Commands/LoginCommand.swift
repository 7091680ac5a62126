import ArgumentParser
import LemmyMiddleware
import FoundationEssentials

/// `lemmy login USERNAME`: signs in and stores the token in the configuration file.
struct LoginCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and store the token (the configuration file is made readable only by you).",
        discussion: "The password is read from the terminal without echo, or from standard input with --password-stdin.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The user name or email.")
    var username: String

    @Flag(name: .long, help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Option(name: .long, help: "A two-factor code, if the account uses one.")
    var totp: String?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let store = client.store
        var config = try store.load()
        guard let text = client.instance ?? config.instance else {
            throw CLIFailure("login failed: no instance; pass --instance URL, e.g. --instance https://lemmy.ml", status: .usage)
        }
        let url = try Session.parse(text)
        let instance = url.absoluteString
        let password =
            passwordStdin
            ? try PasswordReader.fromStandardInput()
            : try PasswordReader.fromTerminal(prompt: "Password for \(username) on \(instance): ")
        let api: ApiClient
        do {
            api = try await ApiClient.login(to: url, username: username, password: password, totp: totp)
        } catch let error where error.isWrongPassword || error.kind == .notLoggedIn {
            throw CLIFailure(
                "login failed: wrong user name or password for \(username) on \(instance); check them and try again",
                status: .auth)
        } catch  where error.needsTOTP || error.isWrongTOTP {
            let problem =
                totp == nil ? "needs a two-factor code; pass --totp CODE" : "the two-factor code is wrong or expired; try the current one"
            throw CLIFailure("login failed: \(username) on \(instance) \(problem)", status: .auth)
        } catch {
            throw CLIFailure(error, action: "logging in", instance: instance)
        }
        let token = try tokenOf(api, instance: instance)
        config.instance = instance
        config.username = username
        config.token = token
        try store.save(config)
        Console.out("Logged in as \(username) on \(instance). Token stored in \(store.url.path) (mode 0600).")
    }

    /// The new token, from the client's credentials (the only public way to see a token, so it
    /// can be saved).
    @MainActor
    private func tokenOf(_ api: ApiClient, instance: String) throws(CLIFailure) -> String {
        guard let credentials = api.credentials else {
            throw CLIFailure(
                "logging in failed: \(instance) returned no token (registration pending or email not verified?)",
                status: .auth)
        }
        return credentials.token
    }
}
