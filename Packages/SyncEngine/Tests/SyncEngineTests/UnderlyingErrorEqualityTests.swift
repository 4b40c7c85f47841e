import Foundation
import Testing

@testable import SyncEngine

/// Two lower-layer errors are equal only when their domain, code and words all agree: what
/// `#expect(throws: SyncError…)` and a report's comparison of failures rely on, so an "out of
/// space" never passes for a "no such file", nor one path's error for another's.
@Suite("UnderlyingError equality")
struct UnderlyingErrorEqualityTests {
    static func cocoa(_ code: CocoaError.Code, _ path: String) -> UnderlyingError {
        UnderlyingError(CocoaError(code, userInfo: [NSFilePathErrorKey: path]))
    }

    @Test("the same error is equal to itself, and through SyncError.io")
    func same() {
        #expect(Self.cocoa(.fileReadNoSuchFile, "/a") == Self.cocoa(.fileReadNoSuchFile, "/a"))
        #expect(
            SyncError.io(path: "/a", underlying: Self.cocoa(.fileReadNoSuchFile, "/a"))
                == SyncError.io(path: "/a", underlying: Self.cocoa(.fileReadNoSuchFile, "/a")))
    }

    @Test("another code of the same domain is another error")
    func otherCode() {
        #expect(Self.cocoa(.fileReadNoSuchFile, "/a") != Self.cocoa(.fileWriteOutOfSpace, "/a"))
        #expect(
            SyncError.io(path: "/a", underlying: Self.cocoa(.fileReadNoSuchFile, "/a"))
                != SyncError.io(path: "/a", underlying: Self.cocoa(.fileWriteOutOfSpace, "/a")))
    }

    @Test("the same code about another path is another error")
    func otherWords() {
        #expect(Self.cocoa(.fileReadNoSuchFile, "/a") != Self.cocoa(.fileReadNoSuchFile, "/b"))
    }

    @Test("the same code in another domain is another error")
    func otherDomain() {
        let posix = UnderlyingError(POSIXError(.ENOENT))
        let cocoa = UnderlyingError(CocoaError(CocoaError.Code(rawValue: Int(POSIXErrorCode.ENOENT.rawValue))))
        #expect(posix != cocoa)
    }
}
