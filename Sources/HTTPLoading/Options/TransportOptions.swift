/// How long a request may take before failing with ``LoadError/Code-swift.enum/timedOut``.
public enum TimeoutOption: RequestOption {
    /// One minute.
    public static let defaultValue: Duration = .seconds(60)
}

/// The largest response body accepted; a larger one fails with
/// ``LoadError/Code-swift.enum/responseTooLarge`` instead of exhausting memory.
public enum MaximumResponseSizeOption: RequestOption {
    /// 64 MiB.
    public static let defaultValue = 64 << 20
}

/// Allows plain http to a host that is not loopback. Off: credentials and content would travel
/// in the clear.
public enum AllowsInsecureHTTPOption: RequestOption {
    /// Off.
    public static let defaultValue = false
}
