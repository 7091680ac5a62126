internal import LemmyAPI

extension ApiClientError {
    /// Maps a raw-client failure, keeping the Lemmy code, Retry-After and coding path.
    init(_ error: LemmyClientError) {
        switch error {
        case .cancelled:
            self = .cancelled
        case .transport(let failure):
            self = .transport("\(failure)")
        case let .httpStatus(status, _, _):
            self = .httpStatus(status)
        case .server(let failure):
            switch failure.code {
            // A rejected token and a wrong password both mean "sign in (again)"; the code says which.
            case .notLoggedIn, .incorrectLogin:
                self.init(kind: .notLoggedIn, lemmyCode: failure.code, message: failure.message)
            default:
                self = .lemmy(failure.code, message: failure.message)
            }
        case let .rateLimited(failure, retryAfter):
            self.init(kind: .rateLimited, lemmyCode: failure.code, message: failure.message, retryAfter: retryAfter)
        case .decoding(let failure):
            self = .decoding(failure.description, codingPath: failure.codingPath)
        case .encoding(let reason):
            self = .decoding("request encoding: \(reason)")
        case let .unsupportedServer(version, reason):
            self = .unsupported("\(version ?? "unknown version"): \(reason)")
        case .generationMismatch:
            self = .unsupported(error.description)
        case .unavailableInVersion(let missing):
            self = .unavailableInVersion(missing.description)
        }
    }
}
