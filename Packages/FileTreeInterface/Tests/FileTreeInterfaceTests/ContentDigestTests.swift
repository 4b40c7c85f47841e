import FileTreeInterface
import Foundation
import Testing

@Suite("ContentDigest", .tags(.small))
struct ContentDigestTests {
    static let sample = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ ($0 >> 7)) }

    // Values checked against an independent model of the algorithm (two FNV-style lanes, length,
    // avalanche mix), not just copied from a run.
    @Test("known inputs keep their digests across releases (sides built at different times must compare)")
    func knownValues() {
        #expect(ContentDigest(of: []).description == "efd01f60ba992926b94678ea86d5cb1a")
        #expect(ContentDigest(of: Array("abc".utf8)).description == "ec56ac5ddf8b112670e377484d9dc55b")
        #expect(ContentDigest(of: Self.sample).description == "a78242f1dd886feae780daa09d6e4eb0")
    }

    @Test("feeding in pieces of any size gives the digest of the whole", arguments: [1, 7, 64, 1000, 4096, 9_999])
    func chunkedEqualsWhole(chunk: Int) {
        var digester = ContentDigester()
        var offset = 0
        while offset < Self.sample.count {
            let end = min(offset + chunk, Self.sample.count)
            Self.sample[offset..<end].withUnsafeBytes { digester.update($0) }
            offset = end
        }
        #expect(digester.finalize() == ContentDigest(of: Self.sample))
    }

    @Test("different bytes, lengths or orders give different digests")
    func differs() {
        let digests: [ContentDigest] = [
            ContentDigest(of: []), ContentDigest(of: [0]), ContentDigest(of: [0, 0]), ContentDigest(of: [1]),
            ContentDigest(of: [1, 2]), ContentDigest(of: [2, 1]), ContentDigest(of: Array("abc".utf8)),
            ContentDigest(of: Array("abd".utf8)),
        ]
        #expect(Set(digests).count == digests.count)
        var flipped = Self.sample
        flipped[5_000] ^= 1
        #expect(ContentDigest(of: flipped) != ContentDigest(of: Self.sample))
    }

    @Test("the text form is 32 hex digits and Codable round-trips")
    func textAndCodable() throws {
        let digest = ContentDigest(of: Self.sample)
        #expect(digest.description.count == 32 && digest.description.allSatisfy(\.isHexDigit))
        #expect(ContentDigest(high: 1, low: 2).description == "00000000000000010000000000000002")
        let decoded = try JSONDecoder().decode(ContentDigest.self, from: JSONEncoder().encode(digest))
        #expect(decoded == digest)
    }
}
