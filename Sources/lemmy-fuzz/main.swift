// The libFuzzer target, built by scripts/fuzz.sh with `-sanitize=fuzzer -D LEMMY_FUZZING`. SwiftPM
// names an executable's entry point itself, so libFuzzer's own `main` cannot be used: this one
// hands control to libFuzzer's driver. In an ordinary build it is an executable that does nothing.
import Foundation
import LemmyMiddleware

#if LEMMY_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { data, size in
    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
    MainActor.assumeIsolated { _ = FuzzHarness.run(input) }
    return 0
})
#endif
