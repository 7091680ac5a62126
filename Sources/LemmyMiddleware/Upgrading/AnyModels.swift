public import Observation

/// Any tier of a post, upgradable to the top tier (``Post3``) with ``upgrade()``.
@MainActor @Observable
public final class AnyPost {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Post

    /// Wraps `post`.
    public init(_ post: any Post) { wrappedValue = post }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }

    /// Resolves `stub`, then upgrades to the top tier.
    public static func upgrading(_ stub: PostStub) async throws(ApiClientError) -> AnyPost {
        let model = AnyPost(try await stub.upgrade())
        try await model.upgrade()
        return model
    }
}

/// Any tier of a person, upgradable to the top tier (``Person3``) with ``upgrade()``.
@MainActor @Observable
public final class AnyPerson {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Person

    /// Wraps `person`.
    public init(_ person: any Person) { wrappedValue = person }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }
}

/// Any tier of a community, upgradable to the top tier (``Community3``) with ``upgrade()``.
@MainActor @Observable
public final class AnyCommunity {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Community

    /// Wraps `community`.
    public init(_ community: any Community) { wrappedValue = community }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }
}

/// Any tier of a comment, upgradable to the top tier (``Comment2``) with ``upgrade()``.
@MainActor @Observable
public final class AnyComment {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Comment

    /// Wraps `comment`.
    public init(_ comment: any Comment) { wrappedValue = comment }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }
}

/// Any tier of a reply, upgradable to the top tier (``Reply2``) with ``upgrade()``.
@MainActor @Observable
public final class AnyReply {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Reply

    /// Wraps `reply`.
    public init(_ reply: any Reply) { wrappedValue = reply }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }
}

/// Any tier of a private message, upgradable to the top tier (``Message2``) with ``upgrade()``.
@MainActor @Observable
public final class AnyMessage {
    /// The model, at whatever tier it has reached.
    public private(set) var wrappedValue: any Message

    /// Wraps `message`.
    public init(_ message: any Message) { wrappedValue = message }

    /// Upgrades until the model stops changing (the top tier).
    public func upgrade() async throws(ApiClientError) {
        try await climbToTopTier(from: wrappedValue, step: { model throws(ApiClientError) in try await model.upgrade() }) {
            wrappedValue = $0
        }
    }
}

/// The loop every `Any*` wrapper's `upgrade()` runs: one tier at a time, publishing each, until a
/// step returns the same object (the model already is the top tier).
@MainActor
private func climbToTopTier<Model>(
    from model: Model, step: @MainActor (Model) async throws(ApiClientError) -> Model, publish: (Model) -> Void
) async throws(ApiClientError) {
    var current = model
    while true {
        let next = try await step(current)
        if (next as AnyObject) === (current as AnyObject) { return }
        current = next
        publish(next)
    }
}
