import Dispatch
import Foundation
import Testing

@testable import NetworkLive

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the session's delegate callbacks (every response, body chunk and completion) run.
///
/// URLSession's default delegate queue runs on Dispatch's width-limited global pool; while
/// callers held that pool's threads blocked (a synchronous bridge waiting on a semaphore for a
/// send), each answer waited for Dispatch's once-a-second pool monitor, and a 1 ms request took
/// about 1 s. Nothing here measures time: it checks that the delegate's work goes to the
/// transport's own serial dispatch queue, which the overcommit pool serves.
@Suite("The session's delegate runs on a serial queue of the transport's own")
struct DelegateQueueTests {
    @Test("the delegate queue is serial and runs on the transport's own dispatch queue")
    func delegateQueueIsTheTransportsOwn() async {
        let transport = StubTransports.stubbed
        let operations = transport.session.delegateQueue
        #expect(operations.maxConcurrentOperationCount == 1)
        #expect(operations.underlyingQueue === transport.delegateDispatchQueue)

        let key = DispatchSpecificKey<String>()
        let marker = UUID().uuidString
        transport.delegateDispatchQueue.setSpecific(key: key, value: marker)
        defer { transport.delegateDispatchQueue.setSpecific(key: key, value: nil) }
        let seen = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            operations.addOperation { continuation.resume(returning: DispatchQueue.getSpecific(key: key)) }
        }
        #expect(seen == marker)
    }
}
