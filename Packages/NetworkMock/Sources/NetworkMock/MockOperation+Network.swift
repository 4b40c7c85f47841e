public import InMemorySupport
public import NetworkInterface

extension MockOperation {
    /// The journal's name for an HTTP request with this method: `http PUT`, `http PROPFIND`.
    ///
    /// ```swift
    /// world.inject(Fault(NetworkFault(.connectionLost), operation: .http(.put)))
    /// ```
    public static func http(_ method: HTTPMethod) -> MockOperation {
        MockOperation(rawValue: "http \(method.rawValue)")
    }
}
