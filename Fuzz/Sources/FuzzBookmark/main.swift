// libFuzzer target: the bookmark blob. The check is FuzzTarget.bookmark (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.bookmark, start, count)
}

FuzzDriver.main(.bookmark, testOneInput)
