/// Requests of calls that both API generations have with the same form type (generated), each
/// knowing its v3 and v4 request: a caller writes the call once and picks the generation in one
/// place, from the server's version.
public enum LemmyAnyGeneration {}

/// One js-client call in either API generation: the same ``Form`` sent as ``V3`` to 0.18/0.19 and
/// as ``V4`` to 1.0.
///
/// The responses may differ per generation (a 1.0 list answers with a cursor page); a caller
/// that needs one type constrains `V3.Response == V4.Response`, or pages through both when they
/// list the same item.
public protocol LemmyGenerationalRequest: Sendable {
    /// The parameters, the same type in both generations.
    associatedtype Form: Encodable & Sendable
    /// The request for a v3 server.
    associatedtype V3: LemmyRequest where V3.Form == Form
    /// The request for a v4 server.
    associatedtype V4: LemmyRequest where V4.Form == Form
    /// The parameters.
    var form: Form { get set }
    /// The request for a 0.18 or 0.19 server.
    var v3: V3 { get }
    /// The request for a 1.0 server.
    var v4: V4 { get }
}
