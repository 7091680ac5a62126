public import ArgumentParser
import Foundation

/// Options every command that talks to an instance shares.
public struct ClientOptions: ParsableArguments, Sendable {
    /// The instance URL.
    @Option(name: .long, help: ArgumentHelp("The instance, e.g. https://lemmy.ml (default: the configured one).", valueName: "url"))
    public var instance: String?

    /// The configuration file path.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: $LEMMY_CONFIG, else $XDG_CONFIG_HOME/lemmy/config.json or ~/.config/lemmy/config.json).",
            valueName: "path"))
    public var config: String?

    /// Creates empty options (ArgumentParser fills them).
    public init() {}

    /// The configuration store for this run.
    public var store: ConfigStore { ConfigStore(url: ConfigLocation.resolve(explicit: config)) }
}
