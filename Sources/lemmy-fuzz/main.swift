// The libFuzzer entry point. Built only by scripts/fuzz.sh (`-sanitize=fuzzer -parse-as-library`,
// where libFuzzer supplies `main`); in an ordinary build this is an executable that does nothing.
import Foundation
import LemmyMiddleware

@_cdecl("LLVMFuzzerTestOneInput")
public func lemmyFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    MainActor.assumeIsolated { _ = FuzzHarness.run(input) }
    return 0
}
