// The libFuzzer target, built by scripts/fuzz.sh with `-sanitize=fuzzer -D LEMMY_FUZZING`. SwiftPM
// names an executable's entry point itself (`main` is defined as it), so this entry point hands
// control to libFuzzer's driver; `LLVMFuzzerTestOneInput` is defined as well, because libFuzzer's
// own `main` is linked in and refers to it. In an ordinary build this executable does nothing.
import Foundation
import LemmyMiddleware

#if LEMMY_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One fuzz input through ``FuzzHarness``.
@_cdecl("LLVMFuzzerTestOneInput")
func lemmyFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
    MainActor.assumeIsolated { _ = FuzzHarness.run(input) }
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, lemmyFuzzOneInput))
#endif
