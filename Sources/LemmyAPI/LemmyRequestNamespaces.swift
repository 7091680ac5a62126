/// Typed requests of API generation v3 (`/api/v3`, Lemmy 0.18 and 0.19), one per js-client call.
public enum LemmyV3 {}

/// Typed requests of API generation v4 (`/api/v4`, Lemmy 1.0), one per js-client call.
public enum LemmyV4 {}
