import Foundation
import HTTPLoading
import Resources
import Testing

@Suite("Display rules")
struct DisplayRulesTests {
    let error = ResourceError(.notModifiedWithoutData, timestamp: Date(), userMessage: "Broken")
    let empty = LoadableStatus()
    let loading = LoadableStatus(isLoading: true)
    let loaded = LoadableStatus(hasContent: true)
    let reloading = LoadableStatus(hasContent: true, isLoading: true)
    var failed: LoadableStatus { LoadableStatus(latestError: error) }
    var staleWithError: LoadableStatus { LoadableStatus(hasContent: true, latestError: error) }

    @Test("B35: rules are evaluated in order; the first match decides")
    func order() {
        #expect(DisplayRules([.loading, .error, .anyData]).decide([reloading]) == .progress)
        #expect(DisplayRules([.anyData, .loading, .error]).decide([reloading]) == .content)
        #expect(DisplayRules([.error, .anyData]).decide([staleWithError]) == .error(message: "Broken", canTryAgain: true))
        #expect(DisplayRules([.anyData, .error]).decide([staleWithError]) == .content)
    }

    @Test("B35: .loading shows progress only while loading")
    func loadingRule() {
        #expect(DisplayRules([.loading]).decide([loading]) == .progress)
        #expect(DisplayRules([.loading]).decide([loaded]) == .nothing)
    }

    @Test("B35: .error offers try again only when a failed source can reload")
    func errorRule() {
        #expect(DisplayRules([.error]).decide([failed]) == .error(message: "Broken", canTryAgain: true))
        var fixed = failed
        fixed.canReload = false
        #expect(DisplayRules([.error]).decide([fixed]) == .error(message: "Broken", canTryAgain: false))
        #expect(DisplayRules([.error]).decide([loaded]) == .nothing)
    }

    @Test("B35: no matching rule shows nothing; .alwaysData always shows content")
    func nothingAndAlways() {
        #expect(DisplayRules([.anyData, .error]).decide([empty]) == .nothing)
        #expect(DisplayRules([]).decide([loaded]) == .nothing)
        #expect(DisplayRules.dataOnly.decide([empty]) == .content)
        #expect(DisplayRules.noError.decide([failed]) == .content)
        #expect(DisplayRules.noError.decide([loading]) == .progress)
    }

    @Test("B36: several sources: .allData waits for every source, .anyData for one")
    func severalSources() {
        #expect(DisplayRules([.allData]).decide([loaded, empty]) == .nothing)
        #expect(DisplayRules([.allData]).decide([loaded, loaded]) == .content)
        #expect(DisplayRules([.anyData]).decide([loaded, empty]) == .content)
        #expect(DisplayRules([.loading, .allData]).decide([loaded, loading]) == .progress)
        #expect(DisplayRules([.error, .allData]).decide([loaded, failed]) == .error(message: "Broken", canTryAgain: true))
        #expect(DisplayRules([.allData]).decide([]) == .nothing)
    }

    @Test("The standard rule set is [.anyData, .loading, .error]")
    func standard() {
        #expect(DisplayRules.standard.rules == [.anyData, .loading, .error])
        #expect(DisplayRules.standard.decide([empty]) == .nothing)
        #expect(DisplayRules.standard.decide([failed]) == .error(message: "Broken", canTryAgain: true))
    }
}
