// libFuzzer target: the ignore rules. The check is FuzzTarget.ignoreRules (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.ignoreRules, start, count)
}

FuzzDriver.main(.ignoreRules, testOneInput)
