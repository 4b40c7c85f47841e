// libFuzzer target: the container's data.json. The check is FuzzTarget.containerDocument (Sources/FuzzChecks).
import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzDriver.testOneInput(.containerDocument, start, count)
}

FuzzDriver.main(.containerDocument, testOneInput)
