// libFuzzer target: a plan, as synccli apply reads it. The check is FuzzTarget.plan (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.plan, start, count)
}

FuzzDriver.main(.plan, testOneInput)
