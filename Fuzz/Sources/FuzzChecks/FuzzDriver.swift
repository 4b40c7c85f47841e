import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `main` of every fuzz executable.
///
/// SwiftPM links an executable's `main` to the module's own entry point, so libFuzzer's `main` is
/// never used. Built with `-sanitize=fuzzer,address`, the executable holds libFuzzer and this
/// starts its driver (`LLVMFuzzerRunDriver`, which calls the executable's exported
/// `LLVMFuzzerTestOneInput`). Built without the fuzzer (as `swift build` does), the executable
/// checks the files named on its command line once each, saying whether each was accepted: a
/// plain way to reproduce a crash file.
public enum FuzzDriver {
    /// The C signature of `LLVMFuzzerTestOneInput`.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    private typealias RunDriver =
        @convention(c) (
            UnsafeMutablePointer<CInt>,
            UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
            TestOneInput
        ) -> CInt

    /// Runs `target`: under libFuzzer when it is linked in, else over the files given as arguments.
    public static func main(_ target: FuzzTarget, _ testOneInput: TestOneInput) -> Never {
        if let symbol = dlsym(nil, "LLVMFuzzerRunDriver") {  // nil: RTLD_DEFAULT
            let runDriver = unsafeBitCast(symbol, to: RunDriver.self)
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runDriver(&argc, &argv, testOneInput))
        }
        var failures: Int32 = 0
        for path in CommandLine.arguments.dropFirst() where !path.hasPrefix("-") {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(target.rawValue): cannot read \(path)\n".utf8))
                failures += 1
                continue
            }
            switch target.check(data) {
            case .rejected: print("\(path): rejected")
            case .accepted: print("\(path): accepted, round trip kept it")
            case .failed(let problem):
                FileHandle.standardError.write(Data("\(target.rawValue): \(path): \(problem)\n".utf8))
                failures += 1
            }
        }
        exit(failures == 0 ? 0 : 1)
    }

    /// The body of `LLVMFuzzerTestOneInput`: checks the bytes, and traps on a failed check so
    /// libFuzzer records the input as a crash.
    public static func testOneInput(_ target: FuzzTarget, _ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let data = start.map { Data(bytes: $0, count: count) } ?? Data()
        if let problem = target.check(data).problem {
            fatalError("\(target.rawValue): \(problem)")
        }
        return 0
    }
}
