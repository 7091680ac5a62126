/// Why ``ConfigStore`` refuses to read or write the configuration where it is: the file holds a
/// token, and these places would let another user read, replace or redirect it.
public enum ConfigLocationProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration path is a symbolic link; writing through it could put the token wherever
    /// the link points.
    case symbolicLink(path: String)
    /// The configuration path exists but is not a regular file.
    case notARegularFile(path: String)
    /// The directory can be read, written or searched by the group or others (`mode` is its
    /// permission bits).
    case directoryOpenToOthers(path: String, mode: Int)
    /// The directory belongs to another user, who could replace the file at any time.
    case directoryOwnedByAnotherUser(path: String, owner: UInt32)

    /// What is wrong and how to fix it, in one line.
    public var description: String {
        switch self {
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; replace it with the file itself (or point --config at the real file)"
        case .notARegularFile(let path):
            return "\(path) is not a regular file; remove it or choose another path with --config"
        case .directoryOpenToOthers(let path, let mode):
            return "\(path) has mode \(String(mode, radix: 8)), so other users can reach the token in it; run `chmod 700 \(path)`"
        case .directoryOwnedByAnotherUser(let path, let owner):
            return "\(path) is owned by user \(owner), not you; use a directory of your own with --config or LEMMY_CONFIG"
        }
    }
}
