import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("retryingOnInterrupt repeats a call that a signal interrupted, and nothing else")
struct RetryTests {
    /// A scripted system call: each result in turn, leaving the paired `errno` (a success may
    /// leave a stale one, as real calls do).
    final class ScriptedCall {
        var script: [(result: Int, code: Int32)]
        var calls = 0

        init(_ script: [(result: Int, code: Int32)]) { self.script = script }

        func callAsFunction() -> Int {
            let (result, code) = script[calls]
            calls += 1
            errno = code
            return result
        }
    }

    @Test("EINTR failures are retried until the call gives its real result")
    func interruptedCallsAreRepeated() {
        let call = ScriptedCall([(-1, EINTR), (-1, EINTR), (5, 0)])
        #expect(retryingOnInterrupt { call() } == 5)
        #expect(call.calls == 3)
    }

    @Test("another failure comes back at once, errno kept")
    func otherFailuresAreNotRetried() {
        let call = ScriptedCall([(-1, EINTR), (-1, EIO), (5, 0)])
        #expect(retryingOnInterrupt { call() } == -1)
        #expect(errno == EIO)
        #expect(call.calls == 2)
    }

    @Test("a success, zero included, is not repeated even with a stale EINTR in errno")
    func successIsNotRepeated() {
        let call = ScriptedCall([(0, EINTR), (5, 0)])
        #expect(retryingOnInterrupt { call() } == 0)
        #expect(call.calls == 1)
    }
}
