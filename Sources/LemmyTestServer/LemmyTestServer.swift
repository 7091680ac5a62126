public import Foundation
import HTTPLoading
import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle
import LemmyAPI

/// A Lemmy-compatible HTTP server that keeps everything in memory, for tests, benchmarks and demos.
///
/// <!-- sample: doc-lemmytestserver -->
/// ```swift
/// let server = try await LemmyTestServer.start(dialect: .v0_19, scale: .small)
/// // server.baseURL is http://127.0.0.1:<port>
/// await server.stop()
/// ```
///
/// Seeded accounts (password `password`): `admin` (site admin), `alice`, `bob` (moderator of the
/// first two communities), `carol`. See ``SeedScale`` for sizes.
public final class LemmyTestServer: Sendable {
    /// How to start a server.
    public struct Configuration: Sendable {
        /// The Lemmy version to imitate.
        public var dialect: LemmyDialect
        /// How much seed data to create.
        public var scale: SeedScale
        /// The generator seed: the same seed gives the same data.
        public var seed: UInt64
        /// The address to bind: loopback (`127.0.0.1`, `::1`, `localhost`) unless
        /// ``allowsRemoteBinding`` is set, since the server hands out admin powers and fault
        /// injection to anyone who can reach it.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// The instant seeded content leads up to (nil: now).
        public var referenceDate: Date?
        /// Waits for `latency` faults; replace it to avoid real sleeps.
        public var sleeper: @Sendable (Duration) async throws -> Void
        /// Log level of the HTTP server.
        public var logLevel: Logger.Level
        /// Allows binding an address other machines can reach (`0.0.0.0`, `::`, a LAN address).
        /// Off: ``LemmyTestServer/start(_:)`` throws ``LemmyTestServerError/nonLoopbackBind(host:)``.
        public var allowsRemoteBinding: Bool
        /// The largest image upload accepted (pict-rs' `max_file_size`); larger ones are refused.
        public var maximumImageUploadBytes = 8 << 20
        /// The server's now: when what people make is published, and what two-factor codes are
        /// checked against. A test that computes a code fixes it, so a slow run cannot outlive
        /// the code's 30-second step.
        public var clock: @Sendable () -> Date = { Date() }
        /// The limit on settings exports and imports together, per client address (Lemmy's
        /// `import_user_settings`); nil lifts it. Lemmy's default allows one a day, so a test that
        /// exports and then imports from one address needs another.
        public var settingsBackupRateLimit: LemmyRateLimit? = .importUserSettings

        /// Creates a configuration.
        public init(
            dialect: LemmyDialect = .v0_19, scale: SeedScale = .small, seed: UInt64 = 1, host: String = "127.0.0.1",
            port: Int = 0, referenceDate: Date? = nil,
            sleeper: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
            logLevel: Logger.Level = .critical, allowsRemoteBinding: Bool = false
        ) {
            self.dialect = dialect
            self.scale = scale
            self.seed = seed
            self.host = host
            self.port = port
            self.referenceDate = referenceDate
            self.sleeper = sleeper
            self.logLevel = logLevel
            self.allowsRemoteBinding = allowsRemoteBinding
        }
    }

    /// The configuration the server was started with.
    public let configuration: Configuration
    /// `http://host:port`, without a trailing slash.
    public let baseURL: URL
    /// The bound port.
    public let port: Int
    /// The fault rules; add or clear them at any time.
    public let faults: FaultInjector
    /// How long seeding took.
    public let seedDuration: Duration

    let store: LemmyStore
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// The imitated dialect.
    public var dialect: LemmyDialect { configuration.dialect }

    private init(
        configuration: Configuration, baseURL: URL, port: Int, faults: FaultInjector, seedDuration: Duration,
        store: LemmyStore, group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.configuration = configuration
        self.baseURL = baseURL
        self.port = port
        self.faults = faults
        self.seedDuration = seedDuration
        self.store = store
        self.group = group
        self.task = task
    }

    /// Seeds the data and starts listening; returns once the port is bound.
    public static func start(dialect: LemmyDialect = .v0_19, scale: SeedScale = .small, seed: UInt64 = 1) async throws -> LemmyTestServer {
        try await start(Configuration(dialect: dialect, scale: scale, seed: seed))
    }

    /// Seeds the data and starts listening; returns once the port is bound.
    ///
    /// - Throws: ``LemmyTestServerError/nonLoopbackBind(host:)`` for an address other machines
    ///   could reach, unless the configuration ``Configuration/allowsRemoteBinding``.
    public static func start(_ configuration: Configuration) async throws -> LemmyTestServer {
        var configuration = configuration
        configuration.host = bindAddress(configuration.host)
        guard configuration.allowsRemoteBinding || Origin.isLoopbackHost(configuration.host) else {
            throw LemmyTestServerError.nonLoopbackBind(host: configuration.host)
        }
        let clock = ContinuousClock()
        let began = clock.now
        let reference = (configuration.referenceDate ?? Date()).timeIntervalSince1970
        let store = LemmyStore(SeedGenerator(scale: configuration.scale, seed: configuration.seed, now: reference).generate())
        let seedDuration = clock.now - began
        let faults = FaultInjector()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = makeApplication(configuration, store: store, faults: faults) { port in
            continuation.yield(port)
            continuation.finish()
        }
        var logger = Logger(label: "lemmy-test-server")
        logger.logLevel = configuration.logLevel
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw CancellationError()
        }
        let host = urlHost(configuration.host)
        try store.with { db in
            db.host = "\(host):\(port)"
            db.settingsBackupRateLimit = configuration.settingsBackupRateLimit
        }
        return LemmyTestServer(
            configuration: configuration, baseURL: URL(string: "http://\(host):\(port)")!, port: port,
            faults: faults, seedDuration: seedDuration, store: store, group: group, task: task)
    }

    /// The address to hand to the socket: IPv6 literals lose their URL brackets.
    static func bindAddress(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The host as a URL authority writes it: wildcard binds are reached over loopback, and IPv6
    /// literals take brackets.
    static func urlHost(_ bound: String) -> String {
        switch bound {
        case "0.0.0.0": return "127.0.0.1"
        case "::": return "[::1]"
        default: return bound.contains(":") ? "[\(bound)]" : bound
        }
    }

    /// Stops accepting connections, finishes requests in flight and waits until the server is down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// Waits until the server stops (for the command-line tool).
    public func waitUntilStopped() async throws {
        try await task.value
    }

    /// The path prefix of this dialect's API, `/api/v3` or `/api/v4`.
    public var apiPrefix: String { dialect.generation.pathPrefix }

    /// Drops every session (every token becomes invalid).
    public func logOutEveryone() {
        _ = try? store.with { $0.sessions.removeAll() }
    }

    static func makeApplication(
        _ configuration: Configuration, store: LemmyStore, faults: FaultInjector,
        onPort: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = Router(context: LemmyRequestContext.self)
        router.add(middleware: FaultMiddleware(injector: faults, dialect: configuration.dialect, sleeper: configuration.sleeper))
        addRoutes(
            to: router, store: store, faults: faults, dialect: configuration.dialect,
            maximumImageUploadBytes: configuration.maximumImageUploadBytes, clock: configuration.clock)
        var logger = Logger(label: "lemmy-test-server")
        logger.logLevel = configuration.logLevel
        return Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: nil),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Registers every route of `dialect` on `router` and returns them in registration order.
    /// The one list of routes: the server and ``servedRoutes(dialect:)`` both come from here.
    @discardableResult
    static func addRoutes(
        to router: Router<LemmyRequestContext>, store: LemmyStore, faults: FaultInjector,
        dialect: LemmyDialect, maximumImageUploadBytes: Int, clock: @escaping @Sendable () -> Date = { Date() }
    ) -> [ServedRoute] {
        let routes = APIRoutes(
            router: router, store: store, dialect: dialect,
            clock: { clock().timeIntervalSince1970 })
        routes.addAccountRoutes()
        routes.addSettingsRoutes()
        routes.addSettingsBackupRoutes()
        routes.addPasswordResetRoutes()
        routes.addEmailTokenRoutes()
        routes.addPostRoutes()
        routes.addVoteListRoutes()
        routes.addCommentRoutes()
        routes.addCommunityRoutes()
        routes.addCommunityTagRoutes()
        routes.addPersonRoutes()
        routes.addAccountListRoutes()
        routes.addInboxRoutes()
        routes.addSearchRoutes()
        routes.addModerationRoutes()
        routes.addModeratorActionRoutes()
        routes.addStaffRoutes()
        routes.addPersonNoteRoutes()
        routes.addPersonListRoutes()
        routes.addSiteBanRoutes()
        routes.addNodeInfoRoutes()
        routes.addImageRoutes(maximumBytes: maximumImageUploadBytes)
        routes.addPictureRoutes(maximumBytes: maximumImageUploadBytes)
        routes.addMediaListRoutes()
        AdminRoutes.add(to: router, injector: faults, store: store, clock: clock, recorder: routes.recorder)
        return routes.recorder.recorded
    }

    /// The routes a server of `dialect` serves, sorted by path then method, without starting one.
    /// `scripts/generate-route-table.sh` writes them into the catalogue's route table.
    package static func servedRoutes(dialect: LemmyDialect) -> [ServedRoute] {
        let router = Router(context: LemmyRequestContext.self)
        return addRoutes(
            to: router, store: LemmyStore(Database()), faults: FaultInjector(), dialect: dialect,
            maximumImageUploadBytes: Configuration().maximumImageUploadBytes
        ).sorted()
    }
}

/// Why a ``LemmyTestServer`` did not start.
public enum LemmyTestServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `host` is not a loopback address and remote binding was not allowed.
    case nonLoopbackBind(host: String)

    /// What went wrong and how to proceed.
    public var description: String {
        switch self {
        case .nonLoopbackBind(let host):
            return "refusing to bind \(host): the test server has no real authentication and lets anyone inject faults, "
                + "so it listens on loopback only (127.0.0.1, ::1, localhost); set Configuration.allowsRemoteBinding "
                + "(--allow-remote) to serve other machines"
        }
    }
}
