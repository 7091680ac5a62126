internal import LemmyAPI

/// The reports a client made that the app still holds, weakly.
///
/// Reports are not identity-cached (each read makes new ones), but a removal resolves the
/// removed item's reports on the server (0.19, 1.0: `resolve_all_for_object`), and a report
/// queue the app shows should say so without a reload. The client finds the held reports here
/// after a removal it made (see ``ApiClient/resolveHeldReports(_:)``).
struct HeldReports {
    private final class Entry {
        weak var report: Report?
        init(_ report: Report) { self.report = report }
    }

    private var entries: [Entry] = []
    /// The count at the last sweep of released reports: sweeping when it doubles keeps adding
    /// amortized constant time.
    private var sweptCount = 0

    @MainActor mutating func add(_ report: Report) {
        if entries.count >= max(64, 2 * sweptCount) {
            entries.removeAll { $0.report == nil }
            sweptCount = entries.count
        }
        entries.append(Entry(report))
    }

    /// The held reports for which `matches` holds.
    @MainActor func reports(where matches: (Report) -> Bool) -> [Report] {
        entries.compactMap { entry in entry.report.flatMap { matches($0) ? $0 : nil } }
    }
}

extension ApiClient {
    /// Shows as resolved, by this account, the held reports `matches` picks: what Lemmy 0.19 and
    /// 1.0 did when this client's removal succeeded (0.18 leaves reports open). Those resolved
    /// already too: `resolve_all_for_object` rewrites every report of the item, naming the
    /// remover its resolver. A report whose own resolution is in flight is left to it.
    func resolveHeldReports(_ matches: (Report) -> Bool) {
        guard let version = raw.knownServerVersion, version.major >= 1 || version.minor >= 19 else { return }
        for report in heldReports.reports(where: { !$0.resolveInFlight && matches($0) }) {
            report.isResolved = true
            report.resolver = account?.person
        }
    }
}
