public import NetworkInterface

/// A transport failure to inject through ``MockWorld/inject(_:)``: the transport throws it as an
/// ``HTTPTransportError`` of this kind about the request that met it.
///
/// ```swift
/// world.inject(Fault(NetworkFault(.connectionLost), operation: .http(.put), onCall: 2, repeats: .once))
/// ```
public struct NetworkFault: Error, Sendable, Equatable {
    /// The kind of the error the transport throws.
    public let kind: HTTPTransportError.Kind

    /// Creates a fault of `kind`.
    public init(_ kind: HTTPTransportError.Kind) {
        self.kind = kind
    }
}
