import Foundation
import LemmyCLI
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The configuration holds a token: it is never written through a link or into a directory that
/// other users can read, write or own.
@Suite("configuration file security")
struct ConfigSecurityTests {
    let secret = ConfigFile(instance: "https://lemmy.ml", username: "alice", token: "secret-token")

    /// A config directory made private the way `lemmy login` makes it.
    private func privateDirectory(_ config: TemporaryConfig) throws -> URL {
        let directory = config.url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return directory
    }

    @Test func aSymlinkedConfigFileIsRefusedAndItsTargetUntouched() throws {
        let config = try TemporaryConfig()
        _ = try privateDirectory(config)
        let victim = config.directory.appendingPathComponent("victim.txt")
        try Data("victim".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: config.url, withDestinationURL: victim)
        let store = ConfigStore(url: config.url)
        #expect(throws: CLIFailure.self) { try store.save(secret) }
        do { try store.save(secret) } catch { #expect(error.message.contains("symbolic link")) }
        #expect(throws: CLIFailure.self) { try store.load() }
        #expect(throws: ConfigLocationProblem.symbolicLink(path: config.url.path)) { try store.checkLocation() }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config.url.path) == victim.path)
    }

    @Test func aLinkPlantedAtTheOldPredictableTemporaryNameIsNotFollowed() throws {
        let config = try TemporaryConfig()
        let directory = try privateDirectory(config)
        let victim = config.directory.appendingPathComponent("victim.txt")
        try Data("victim".utf8).write(to: victim)
        // The name the store used to write through: .config.json.<pid>.tmp.
        let planted = directory.appendingPathComponent(".config.json.\(getpid()).tmp")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
        try ConfigStore(url: config.url).save(secret)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
        #expect(try ConfigStore(url: config.url).load() == secret)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0 != "config.json" && $0 != planted.lastPathComponent }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test(arguments: [0o755, 0o750, 0o710, 0o705, 0o770, 0o777, 0o1777])
    func aDirectoryOthersCanReachIsRefused(_ mode: Int) throws {
        let config = try TemporaryConfig()
        let directory = try privateDirectory(config)
        #expect(chmod(directory.path, mode_t(mode)) == 0)
        let store = ConfigStore(url: config.url)
        do {
            try store.save(secret)
            Issue.record("saved a token into a directory with mode \(String(mode, radix: 8))")
        } catch {
            #expect(error.message.contains("chmod 700 \(directory.path)"))
        }
        #expect(!FileManager.default.fileExists(atPath: config.url.path))
        #expect(throws: ConfigLocationProblem.directoryOpenToOthers(path: directory.path, mode: mode & 0o777)) { try store.checkLocation() }
    }

    @Test func aDirectoryOwnedBySomeoneElseIsRefused() throws {
        let config = try TemporaryConfig()
        let directory = try privateDirectory(config)
        // Only root can give a directory away; elsewhere this case cannot be set up.
        try #require(geteuid() == 0, "needs root to chown a directory to another user")
        #expect(chown(directory.path, 65534, 65534) == 0)
        let store = ConfigStore(url: config.url)
        do {
            try store.save(secret)
            Issue.record("saved a token into a directory owned by uid 65534")
        } catch {
            #expect(error.message.contains("owned by user 65534"))
        }
        #expect(throws: ConfigLocationProblem.directoryOwnedByAnotherUser(path: directory.path, owner: 65534)) { try store.checkLocation() }
    }

    @Test func aPrivateDirectoryStillWorksAndRewritesAreAtomic() throws {
        let config = try TemporaryConfig()
        let directory = try privateDirectory(config)
        let store = ConfigStore(url: config.url)
        try store.save(secret)
        try store.save(ConfigFile(instance: "https://lemmy.world"))
        #expect(try store.load() == ConfigFile(instance: "https://lemmy.world"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["config.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: config.url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }
}
