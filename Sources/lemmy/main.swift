import LemmyCLI

await LemmyCommand.runAsRoot()
