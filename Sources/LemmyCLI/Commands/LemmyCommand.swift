public import ArgumentParser

/// The `lemmy` command: a Lemmy client on LemmyMiddleware, and its test server.
public struct LemmyCommand: AsyncParsableCommand {
    /// The command's name, abstract, exit-status table and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "lemmy",
        abstract: "A command-line Lemmy client built on LemmyKit.",
        discussion: """
            Start with `lemmy demo`: it runs a seeded test server in this process and tours the library. \
            Everyday commands take --instance URL (default: the configured instance, set by `lemmy login`) \
            and read commands take --json.

            Configuration: --config, else $LEMMY_CONFIG, else $XDG_CONFIG_HOME/lemmy/config.json or \
            ~/.config/lemmy/config.json, written with mode 0600 because it holds the token. \
            Set LEMMY_LOG=debug (or info, warning...) to see the HTTP log on standard error.

            \(ExitStatus.table)
            """,
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, FeedCommand.self, PostCommand.self, SearchCommand.self, CommunityCommand.self, CommunitiesCommand.self,
            MultiCommand.self, PictureCommand.self,
            UserCommand.self, InboxCommand.self, VoteCommand.self, SaveCommand.self, SubscribeCommand.self,
            BlockCommand.self, NotifyCommand.self, BanCommand.self, ModCommand.self, AdminCommand.self, NoteCommand.self, WarnCommand.self,
            ModlogCommand.self,
            PeopleCommand.self, ReplyCommand.self,
            SubmitCommand.self, EditCommand.self,
            DeleteCommand.self,
            ReportCommand.self, ReportsCommand.self, FollowRequestsCommand.self, PreviewCommand.self, EmojisCommand.self,
            VotesCommand.self, VotedCommand.self, HistoryCommand.self,
            LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, SettingsCommand.self, TwoFactorCommand.self, LoginsCommand.self,
            PasswordCommand.self, EmailCommand.self,
            ServeCommand.self, DecodeCommand.self,
        ]
    )

    /// Creates the command (ArgumentParser parses into it).
    public init() {}
}

extension LemmyCommand {
    /// Parses the process's arguments and runs the chosen command, exiting on failure.
    ///
    /// The executable calls this instead of `main()`: from top-level code in another module, the
    /// synchronous `ParsableCommand.main()` wins overload resolution and refuses async commands.
    public static func runAsRoot() async {
        LogSetup.bootstrap()
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
