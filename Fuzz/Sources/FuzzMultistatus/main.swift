// libFuzzer target: a WebDAV server's multistatus listing, as a WebDAV side reads it. The check is FuzzTarget.multistatus (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.multistatus, start, count)
}

FuzzDriver.main(.multistatus, testOneInput)
