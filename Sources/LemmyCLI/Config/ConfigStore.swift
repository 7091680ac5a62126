import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes a ``ConfigFile``. The file holds a token, so it is written with mode 0600
/// (and its directory created 0700) before any byte of the token reaches the disk.
public struct ConfigStore: Sendable {
    /// The file.
    public let url: URL

    /// Creates a store for `url`.
    public init(url: URL) { self.url = url }

    /// The stored configuration; an empty one when the file does not exist.
    public func load() throws(CLIFailure) -> ConfigFile {
        guard FileManager.default.fileExists(atPath: url.path) else { return ConfigFile() }
        do {
            return try JSONDecoder().decode(ConfigFile.self, from: Data(contentsOf: url))
        } catch {
            throw CLIFailure("reading the configuration failed: \(url.path) is not valid (\(CLIFailure.shorten("\(error)"))); fix or delete it",
                             status: .badData)
        }
    }

    /// Writes `config` atomically: a 0600 temporary file in the same directory, renamed over the old one.
    public func save(_ config: ConfigFile) throws(CLIFailure) {
        let directory = url.deletingLastPathComponent()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            if !FileManager.default.fileExists(atPath: directory.path) {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
            let data = try encoder.encode(config)
            let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
            try Self.writePrivately(data, to: temporary.path)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                throw CLIFailure("writing the configuration failed: \(url.path): \(reason)", status: .software)
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("writing the configuration failed: \(url.path): \(CLIFailure.shorten("\(error)")); check the directory is writable",
                             status: .software)
        }
    }

    /// Creates `path` with mode 0600 (whatever the umask) and writes `data`.
    private static func writePrivately(_ data: Data, to path: String) throws(CLIFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else {
            throw CLIFailure("writing the configuration failed: \(path): \(String(cString: strerror(errno)))", status: .software)
        }
        defer { close(descriptor) }
        // open's mode is masked by the umask and ignored for an existing file; fchmod is not.
        fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
        guard written == data.count else {
            throw CLIFailure("writing the configuration failed: \(path): short write", status: .software)
        }
    }
}
