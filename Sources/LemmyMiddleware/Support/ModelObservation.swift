import Observation

/// The observation registrar of a content model, made on the first read of an observed
/// property instead of with the model.
///
/// `@Observable` gives every instance an `ObservationRegistrar`, which allocates twice (its
/// state and the lock around it) and initializes a mutex. A page merge makes about three models
/// a post, and most of them are never read by a view that observes: those registrars were a
/// sixth of the merge's instructions in a page's first ingest, and 270 of the 609 allocations
/// it made beyond decoding (MiddlewareIngest).
///
/// Nothing is lost by waiting: an observer learns of a property only through a read that
/// registers an access, and that read makes the registrar. A change before any such read has no
/// one to tell, so it is written without one.
///
/// The generated tier classes and ``CommentNode`` conform to `Observable` by hand, through
/// ``LazilyObserved``: each keeps an optional `ModelObservation`, and gives every observed
/// property the accessors the macro writes (`get`, a `set` that stays silent when the value is
/// equal, `_modify`), through the protocol's `access`, `write` and `willModify`.
/// A class rather than an optional registrar: `ObservationRegistrar`'s layout is not known
/// outside its module, so an optional one is tested and copied through run-time calls on every
/// read, which made a scroll's reads slower than the macro's (FeedScroll).
final class ModelObservation: Sendable {
    /// The registrar.
    let registrar = ObservationRegistrar()
}

/// An observable class whose registrar is made on the first observed read (see
/// `ModelObservation`). Its observed properties are computed over stored `_name` properties:
///
/// <!-- sample: none, internal: the shape of the accessors the generator writes (see CommentNode) -->
/// ```swift
/// var name: String {
///     get { access(\.name); return _name }
///     set { write(\.name, changed: observationChanged(_name, newValue)) { _name = newValue } }
///     _modify {
///         let observers = willModify(\.name)
///         defer { observers.registrar.didSet(self, keyPath: \.name) }
///         yield &_name
///     }
/// }
/// ```
@MainActor protocol LazilyObserved: AnyObject, Observable {
    /// The registrar's holder, nil until an observed property is read. Declare it
    /// `@exclusivity(unchecked)`: every access is an instant read or write on the main actor,
    /// and the run-time check was most of an observed read's cost.
    var observers: ModelObservation? { get set }
}

extension LazilyObserved {
    /// The registrar's holder, made now if no observed property was read before.
    func observation() -> ModelObservation {
        if let observers { return observers }
        let made = ModelObservation()
        observers = made
        return made
    }

    /// Registers a read of the observed property at `keyPath`.
    func access<Member>(_ keyPath: KeyPath<Self, Member>) {
        observation().registrar.access(self, keyPath: keyPath)
    }

    /// Runs `write` on the observed property at `keyPath`, telling its observers if the value
    /// `changed` and a read made the registrar (no read, no observer).
    func write<Member>(_ keyPath: KeyPath<Self, Member>, changed: Bool, _ write: () -> Void) {
        guard changed, let observers else { return write() }
        observers.registrar.withMutation(of: self, keyPath: keyPath, write)
    }

    /// Registers a read of the observed property at `keyPath` and tells its observers it is about
    /// to change in place (`_modify`); returns the holder for the `didSet` after.
    func willModify<Member>(_ keyPath: KeyPath<Self, Member>) -> ModelObservation {
        let observers = observation()
        observers.registrar.access(self, keyPath: keyPath)
        observers.registrar.willSet(self, keyPath: keyPath)
        return observers
    }
}

/// Whether writing `new` over `old` is a change observers must hear of: the macro's
/// `shouldNotifyObservers`, chosen by overload in the same way (values that cannot be compared
/// always notify; objects notify when another object comes in).
func observationChanged<Member>(_ old: Member, _ new: Member) -> Bool { true }

/// Equatable values notify when they differ.
func observationChanged<Member: Equatable>(_ old: Member, _ new: Member) -> Bool { old != new }

/// Objects notify when another object comes in.
func observationChanged<Member: AnyObject>(_ old: Member, _ new: Member) -> Bool { old !== new }

/// Equatable objects notify when they differ.
func observationChanged<Member: Equatable & AnyObject>(_ old: Member, _ new: Member) -> Bool { old != new }
