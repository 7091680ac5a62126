import ArgumentParser

/// Runs a command body on the main actor (where `ApiClient` and the models live) and turns a
/// ``CLIFailure`` into its one line on standard error and its exit status.
enum CommandRunner {
    @MainActor
    static func run(_ body: @MainActor () async throws(CLIFailure) -> Void) async throws {
        do {
            try await body()
        } catch {
            Console.err("lemmy: " + error.message)
            throw error.status.exitCode
        }
    }
}
