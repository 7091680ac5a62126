import Testing
@testable import HTTPLoading
@Test func packageBuilds() { #expect(1 + 1 == 2) }
