// libFuzzer target: an approved deletion in a pair's folder in the container. The check is FuzzTarget.deletionApproval (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.deletionApproval, start, count)
}

FuzzDriver.main(.deletionApproval, testOneInput)
