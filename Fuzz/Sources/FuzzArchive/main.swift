// libFuzzer target: the archive codec. The check is FuzzTarget.archive (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.archive, start, count)
}

FuzzDriver.main(.archive, testOneInput)
