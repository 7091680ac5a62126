import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core storage plus the connection, so a fault can close it.
struct LemmyRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's connection.
    let channel: any Channel
    /// Set by the fault middleware: send half of the real body, then close the connection.
    var truncateBody = false

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
