// libFuzzer target: the pair list. The check is FuzzTarget.pairList (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.pairList, start, count)
}

FuzzDriver.main(.pairList, testOneInput)
