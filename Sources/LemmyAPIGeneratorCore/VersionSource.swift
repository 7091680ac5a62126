/// The TypeScript sources of one lemmy-js-client version.
public struct VersionSource: Sendable {
    /// Tag or ref name.
    public var name: String
    /// `src/types/*.ts` contents by file name (plus `others.ts` where present).
    public var typeFiles: [String: String]
    /// `src/http.ts`.
    public var http: String

    /// `v3` or `v4`: the `/api/vN` prefix the client builds URLs with.
    public var generation: String

    /// Creates a source. `versionFile` is the file declaring `VERSION` (`src/types/others.ts`
    /// or `src/other_types.ts`).
    public init(name: String, typeFiles: [String: String], http: String, versionFile: String) {
        self.name = name
        self.typeFiles = typeFiles
        self.http = http
        self.generation = versionFile.contains("VERSION = \"v4\"") ? "v4" : "v3"
    }
}
