import FileAccessorInterface
import InMemorySupport

extension FileAccessRefusal.Kind {
    /// The refusal's words for a special entry of the in-memory world, as the Live reader names
    /// what it finds on disk.
    init(_ special: InMemoryEntry.Special) {
        switch special {
        case .namedPipe: self = .fifo
        case .socket: self = .socket
        case .characterDevice: self = .characterDevice
        case .blockDevice: self = .blockDevice
        }
    }
}
