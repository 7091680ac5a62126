public import Foundation

/// Where the configuration file lives: `--config`, else `LEMMY_CONFIG`, else
/// `$XDG_CONFIG_HOME/lemmy/config.json`, else `~/.config/lemmy/config.json`.
public enum ConfigLocation {
    /// The path for this run.
    ///
    /// - Parameters:
    ///   - explicit: the `--config` option, if given.
    ///   - environment: the process environment.
    ///   - home: the home directory, used when `XDG_CONFIG_HOME` is unset or empty.
    public static func resolve(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String = NSHomeDirectory()
    ) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let path = environment["LEMMY_CONFIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("lemmy/config.json")
        }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/lemmy/config.json")
    }
}
