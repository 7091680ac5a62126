public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes a ``ConfigFile``. The file holds a token, so it lives only in a directory no
/// one else can reach (mode 0700, owned by the user), is never read or written through a
/// symbolic link, and is replaced atomically by a 0600 file that is on disk before it is renamed.
public struct ConfigStore: Sendable {
    /// The file.
    public let url: URL

    /// Creates a store for `url`.
    public init(url: URL) { self.url = url }

    /// The stored configuration; an empty one when the file does not exist.
    public func load() throws(CLIFailure) -> ConfigFile {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return ConfigFile() }
        do { try checkLocation(forWriting: false) } catch { throw Self.refusal(reading: true, error) }
        let data: Data
        do {
            // O_NOFOLLOW: a link swapped in since the check is refused, not followed.
            let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXFailure(errno) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw CLIFailure("reading the configuration failed: \(url.path): \(CLIFailure.shorten("\(error)"))", status: .software)
        }
        do {
            return try JSONDecoder().decode(ConfigFile.self, from: data)
        } catch {
            throw CLIFailure(
                "reading the configuration failed: \(url.path) is not valid (\(CLIFailure.shorten("\(error)"))); fix or delete it",
                status: .badData)
        }
    }

    /// Writes `config` atomically: a new 0600 file under a random name in the same directory,
    /// flushed to disk, then renamed over the old one.
    public func save(_ config: ConfigFile) throws(CLIFailure) {
        let directory = url.deletingLastPathComponent()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            if !FileManager.default.fileExists(atPath: directory.path) {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            data = try encoder.encode(config)
        } catch {
            throw CLIFailure(
                "writing the configuration failed: \(url.path): \(CLIFailure.shorten("\(error)")); check the directory is writable",
                status: .software)
        }
        do { try checkLocation() } catch { throw Self.refusal(reading: false, error) }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(Self.randomSuffix()).tmp")
        do {
            try PrivateFile(creating: temporary.path).write(data)
            guard rename(temporary.path, url.path) == 0 else { throw POSIXFailure(errno) }
        } catch {
            unlink(temporary.path)
            throw CLIFailure("writing the configuration failed: \(url.path): \(error); check the directory is writable", status: .software)
        }
        Self.syncDirectory(directory.path)
    }

    /// Checks that the file and its directory are private to the user: the file (if it exists) is
    /// a regular file and not a symbolic link; the directory (if it exists) belongs to the user
    /// and, when `forWriting`, has no permission bits for group or others.
    ///
    /// Reading is allowed from a directory others can read (a home directory is often 0755) but
    /// not from one they can write, where the file could be swapped for one of theirs. Writing a
    /// token needs a directory no one else can even list.
    public func checkLocation(forWriting: Bool = true) throws(ConfigLocationProblem) {
        var file = stat()
        if lstat(url.path, &file) == 0 {
            if file.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: url.path) }
            if file.st_mode & S_IFMT != S_IFREG { throw .notARegularFile(path: url.path) }
        }
        let directory = url.deletingLastPathComponent().path
        var folder = stat()
        // stat, not lstat: a linked config directory (dotfiles) is fine if where it leads is private.
        guard stat(directory, &folder) == 0 else { return }
        if folder.st_uid != geteuid() { throw .directoryOwnedByAnotherUser(path: directory, owner: UInt32(folder.st_uid)) }
        let mode = Int(folder.st_mode & 0o7777)
        if mode & (forWriting ? 0o077 : 0o022) != 0 { throw .directoryOpenToOthers(path: directory, mode: mode & 0o777) }
    }

    private static func refusal(reading: Bool, _ problem: ConfigLocationProblem) -> CLIFailure {
        CLIFailure("\(reading ? "reading" : "writing") the configuration refused: \(problem)", status: .software)
    }

    /// 128 random bits in hex: a name nobody can plant a link at in advance.
    private static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// Flushes the directory entry of the rename; best effort, as some file systems refuse it.
    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// A failed system call, described by its `errno`.
struct POSIXFailure: Error, CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) { self.code = code }

    var description: String { String(cString: strerror(code)) }
}
