public import ArgumentParser

/// The exit statuses of `lemmy`, following BSD `sysexits.h` so scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything worked.
    case ok = 0
    /// The command line was wrong (ArgumentParser's validation failures also exit 64).
    case usage = 64
    /// Data did not decode: a file given to `decode`, or an answer from the server.
    case badData = 65
    /// The instance could not be reached (connection refused, DNS, timeout).
    case unavailable = 69
    /// Anything else: the server refused for another reason, or an internal error.
    case software = 70
    /// A temporary failure: rate limited or a 5xx; trying again later may work.
    case temporary = 75
    /// The server is not a Lemmy version this tool supports.
    case unsupported = 76
    /// Authentication: not logged in, wrong password, token rejected, or not permitted.
    case auth = 77

    /// The ArgumentParser exit code that ends the process with this status.
    public var exitCode: ExitCode { ExitCode(rawValue) }

    /// One line per status for `lemmy --help` and the README.
    public static var table: String {
        """
        Exit status:
          0   success
          64  usage error (bad arguments, no instance configured)
          65  bad data (decode failure, undecodable answer)
          69  instance unreachable (connection refused, DNS, timeout)
          70  other failure (the server refused, e.g. not found)
          75  temporary failure (rate limited, server error); try again later
          76  unsupported server version
          77  authentication (not logged in, wrong password, not permitted)
        """
    }
}
