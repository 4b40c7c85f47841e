import NetworkInterface
import Synchronization

/// Counters a ``LoggingTransport`` keeps: requests, statuses, failures by kind, bytes received.
public final class TransportMetrics: Sendable {
    /// A copy of the counters at one moment.
    public struct Snapshot: Sendable, Equatable {
        /// Exchanges attempted.
        public var requests = 0
        /// Responses by status.
        public var statuses: [Int: Int] = [:]
        /// Failures by kind (`HTTPTransportError.Kind.rawValue`).
        public var failures: [String: Int] = [:]
        /// Body bytes received.
        public var bytesReceived: Int64 = 0
    }

    private let counters = Mutex(Snapshot())

    /// Creates zeroed counters.
    public init() {}

    /// The counters now.
    public var snapshot: Snapshot { counters.withLock { $0 } }

    func record(_ record: ExchangeRecord) {
        counters.withLock { counters in
            counters.requests += 1
            counters.bytesReceived += record.bytesReceived
            if let status = record.status { counters.statuses[status, default: 0] += 1 }
            if let failure = record.failure { counters.failures[failure.rawValue, default: 0] += 1 }
        }
    }
}
