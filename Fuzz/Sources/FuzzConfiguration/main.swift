// libFuzzer target: the container configuration file. The check is FuzzTarget.configuration (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.configuration, start, count)
}

FuzzDriver.main(.configuration, testOneInput)
