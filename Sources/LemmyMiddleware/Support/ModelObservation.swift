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
/// The generated tier classes conform to `Observable` by hand. Each keeps an optional
/// `ModelObservation`, made by its `observation()`, and gives every observed property the
/// accessors the macro writes (`get`, a `set` that stays silent when the value is equal,
/// `_modify`), through its helpers `access`, `write` and `willModify`.
/// A class rather than an optional registrar: `ObservationRegistrar`'s layout is not known
/// outside its module, so an optional one is tested and copied through run-time calls on every
/// read, which made a scroll's reads slower than the macro's (FeedScroll).
final class ModelObservation: Sendable {
    /// The registrar.
    let registrar = ObservationRegistrar()
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
