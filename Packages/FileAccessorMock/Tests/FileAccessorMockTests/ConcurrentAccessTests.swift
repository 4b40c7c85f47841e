import FileAccessorMock
import Foundation
import Testing

@Suite("Concurrent use of one MockFileAccessor")
struct ConcurrentAccessTests {
    @Test("concurrent writers and readers from many tasks tear nothing and lose no call")
    func concurrentCalls() async throws {
        let mock = MockFileAccessor()
        let folder = URL(filePath: "/c")
        mock.files[folder.appending(path: "seed")] = Data()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        let url = folder.appending(path: "f\(round % 5)")
                        try? mock.write(Data(repeating: UInt8(task), count: 1024), to: url)
                        if let data = try? mock.read(from: url) {
                            #expect(Set(data).count == 1)
                        }
                        mock.readError = round.isMultiple(of: 7) ? CocoaError(.fileReadUnknown) : nil
                    }
                }
            }
        }
        #expect(mock.calls.count == 8 * 50 * 2)
    }
}
