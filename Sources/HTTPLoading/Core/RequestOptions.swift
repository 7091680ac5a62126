/// A typed per-request option: a key that declares its value type and default value.
///
/// Loaders define the options they read, so a chain never needs to know every option:
///
/// <!-- sample: doc-requestoptions -->
/// ```swift
/// enum TraceIDOption: RequestOption { static var defaultValue: String? { nil } }
/// var request = LoadRequest(path: "/post/list")
/// request.options[TraceIDOption.self] = "abc"
/// ```
public protocol RequestOption {
    /// The type of the option's value.
    associatedtype Value: Sendable
    /// The value read when the option was never set.
    static var defaultValue: Value { get }
}

/// An extensible bag of ``RequestOption`` values carried by a ``LoadRequest``.
public struct RequestOptions: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates an empty bag in which every option has its default value.
    public init() {}

    /// The value of `option`, or its default when it was never set.
    public subscript<Option: RequestOption>(option: Option.Type) -> Option.Value {
        get {
            // An absent option costs no dynamic cast (most requests set none, and a chain reads
            // several per request). The cast runs on the stored value only: cast from the optional
            // lookup, an absent key would read as `nil` for an option whose value is optional.
            guard !values.isEmpty, let value = values[ObjectIdentifier(option)] else { return Option.defaultValue }
            return value as? Option.Value ?? Option.defaultValue
        }
        set { values[ObjectIdentifier(option)] = newValue }
    }

    /// Whether `option` was set explicitly on this request.
    public func contains<Option: RequestOption>(_ option: Option.Type) -> Bool {
        values[ObjectIdentifier(option)] != nil
    }
}
