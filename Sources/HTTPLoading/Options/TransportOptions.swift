/// How long the transport may wait without receiving anything (connecting, or between two
/// pieces of the answer) before failing with ``LoadError/Code-swift.enum/timedOut``.
///
/// A server that sends a byte now and then resets this timer for ever; ``RequestDeadlineOption``
/// bounds the whole exchange. (`AsyncHTTPClientLoader` cannot set a per-request idle timeout,
/// so it uses this value as a deadline for the response head.)
public enum TimeoutOption: RequestOption {
    /// One minute.
    public static let defaultValue: Duration = .seconds(60)
}

/// The longest the whole exchange may take, from the first connection attempt to the last byte
/// of the body; past it the load fails with ``LoadError/Code-swift.enum/timedOut`` whatever the
/// server is still sending.
///
/// This is what stops a server that trickles its answer from holding a request (and everything
/// waiting behind it, such as a model's mutation queue) indefinitely. Durations of a year or
/// more mean no deadline.
public enum RequestDeadlineOption: RequestOption {
    /// One minute. Lemmy answers are JSON pages of a few hundred KiB at most, which a healthy
    /// server sends in well under a second; a minute leaves room for slow links and busy
    /// instances, and is as long as the idle timeout, so a request that keeps
    /// trickling fails no later than one that stalls. Raise it for large uploads on slow links.
    public static let defaultValue: Duration = .seconds(60)
}

/// The largest response body accepted; a larger one fails with
/// ``LoadError/Code-swift.enum/responseTooLarge`` instead of exhausting memory.
///
/// The terminals check the limit as the body arrives and abandon the response as soon as it is
/// passed, so a body that never ends costs no more than the limit.
public enum MaximumResponseSizeOption: RequestOption {
    /// 64 MiB.
    public static let defaultValue = 64 << 20
}

/// The largest ratio of decompressed to compressed body size accepted for a `Content-Encoding`d
/// response; a larger one (a decompression bomb) fails with
/// ``LoadError/Code-swift.enum/responseTooLarge``.
///
/// `URLSessionLoader` reads this per request; on Linux it can check it only when the server
/// states the compressed size in `Content-Length`, because FoundationNetworking decompresses
/// inside libcurl and hands over decompressed bytes alone. `MaximumResponseSizeOption` bounds
/// the rest. `AsyncHTTPClientLoader` applies the ratio it was created with to every request.
public enum MaximumDecompressionRatioOption: RequestOption {
    /// 200: JSON compresses about 5 to 20 times; text made of one repeated byte, 1,000 times.
    public static let defaultValue = 200
}

/// Allows plain http to a host that is not loopback. Off: credentials and content would travel
/// in the clear.
public enum AllowsInsecureHTTPOption: RequestOption {
    /// Off.
    public static let defaultValue = false
}
