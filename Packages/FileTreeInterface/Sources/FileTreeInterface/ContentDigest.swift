/// A 128-bit fingerprint of a file's bytes, to tell whether two files (or a file and its archived
/// version) have the same content when size and time cannot tell.
///
/// Not a cryptographic hash: it detects accidental differences, not crafted collisions. Every
/// implementation must compute it with ``ContentDigester`` so digests from different sides compare.
public struct ContentDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    /// Creates a digest from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of `bytes`.
    public init(of bytes: some Sequence<UInt8>) {
        var digester = ContentDigester()
        digester.update(Array(bytes))
        self = digester.finalize()
    }

    public var description: String {
        let hex = { (value: UInt64) in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return hex(high) + hex(low)
    }
}

/// Computes a ``ContentDigest`` over data fed in pieces of any size.
///
/// Two independent 64-bit lanes (FNV-1a style multiply and xor, each with its own seed and prime,
/// plus the length), finalized with a 64-bit avalanche mix.
public struct ContentDigester: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4
    private var length: UInt64 = 0

    /// A digester that has seen no bytes.
    public init() {}

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var a = self.a
        var b = self.b
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x9E37_79B9_7F4A_7C15
        }
        self.a = a
        self.b = b
        length &+= UInt64(bytes.count)
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything fed.
    public func finalize() -> ContentDigest {
        ContentDigest(high: Self.mix(a ^ length), low: Self.mix(b &+ length &* 0x2545_F491_4F6C_DD1D))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}
