import Hummingbird
import NIOCore

/// A request context that keeps the peer address, for the `origin` member of the echoes.
struct HTTPBinContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as httpbin reports it.
    var origin: String { remoteAddress?.ipAddress ?? "" }
}
